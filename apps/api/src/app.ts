import type { Server } from 'node:http';
import { centsToDecimal } from '@copaiba/contracts';
import type { DatabaseHandle } from '@copaiba/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { memoryAttemptCounter, redisAttemptCounter } from './lib/attempt-counter.ts';
import { createIdentityBox } from './lib/identity-box.ts';
import type { Secrets } from './lib/secrets.ts';
import { outboxMailer, type Mailer } from './mail/mailer.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createUserCache } from './modules/accounts/user-cache.ts';
import { createEndedSessions } from './modules/accounts/ended-sessions.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createSessionTokens } from './modules/accounts/session-tokens.ts';
import { createCaptchaService } from './modules/captcha/captcha.service.ts';
import { forumRoutes } from './modules/forum/forum.routes.ts';
import { createForumService } from './modules/forum/forum.service.ts';
import { createMailSender, messageIdDomain } from './modules/notifications/mail-sender.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { consentsRoutes } from './modules/consents/consents.routes.ts';
import { createConsentsService } from './modules/consents/consents.service.ts';
import { investorRoutes } from './modules/investor/investor.routes.ts';
import { createInvestorService } from './modules/investor/investor.service.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createPixProvider, type PixProvider } from './modules/pix/pix-provider.ts';
import { pixWebhookRoutes, sandboxPixRoutes } from './modules/pix/pix.routes.ts';
import { createPixWebhookService } from './modules/pix/pix-webhook.service.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { createTwoFactorService } from './modules/two-factor/two-factor.service.ts';
import { createSecondStepGuard } from './modules/two-factor/second-step-guard.ts';
import { securityRoutes } from './modules/security/security.routes.ts';
import { activityCutoff, createSecurityService } from './modules/security/security.service.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { createPurchasesService } from './modules/purchases/purchases.service.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';
import { createWithdrawalsService } from './modules/wallet/withdrawals.service.ts';
import { expireCharges } from './modules/jobs/charge-expiry.ts';
import { payDueInstallments } from './modules/jobs/installment-payouts.ts';
import { startJobRunner } from './modules/jobs/job-runner.ts';
import { closeDueOffers } from './modules/jobs/offer-closing.ts';
import { managerRoutes } from './modules/manager/manager.routes.ts';
import { createManagerService } from './modules/manager/manager.service.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { createMarketService } from './modules/market/market.service.ts';
import { outboxChainRecorder, type ChainRecorder } from './modules/chain/chain-recorder.ts';
import { outboxBacklog } from './modules/chain/outbox.ts';
import type { ChainRuntime } from './modules/chain/chain-runtime.ts';
import { issuersRoutes } from './modules/issuers/issuers.routes.ts';
import { createIssuersService } from './modules/issuers/issuers.service.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { tokensRoutes } from './modules/tokens/tokens.routes.ts';
import { createTokensService } from './modules/tokens/tokens.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { statementsRoutes } from './modules/statements/statements.routes.ts';
import { createStatementsService } from './modules/statements/statements.service.ts';
import type { Storage } from './lib/storage/storage.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { defaultRateLimits, rateLimitPlugin, type RateLimits } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Built from the app's logger when absent (dev outbox). */
  mailer?: Mailer;
  storage: Storage;
  /** Records issued tokens on chain (the chain outbox by default). */
  chain?: ChainRecorder;
  /** Chain access; from CHAIN_MODE when absent (null: no chain, the outbox waits). */
  chainRuntime?: ChainRuntime | null;
  /** Creates Pix charges; from PIX_PROVIDER when absent. */
  pix?: PixProvider;
  redis?: Redis;
  rateLimits?: RateLimits;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** The HTTP server to answer on (server.ts: listening since start-up); Fastify's own otherwise. */
  server?: Server;
  webDistDir: string;
  /**
   * How long a public catalogue answer is reused between writes (docs/PERFORMANCE.md): 1 s by
   * default, 0 under NODE_ENV=test, whose tests write the database directly between requests.
   */
  publicCacheTtlMs?: number;
}

export async function buildApp(deps: AppDeps) {
  const { config, database, secrets } = deps;
  const db = database.db;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    ...(deps.server ? { serverFactory: () => deps.server! } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON and multipart only.
  app.removeContentTypeParser('text/plain');

  const userCache = await createUserCache(database);
  app.addHook('onClose', () => userCache.close());
  // How mails leave: SMTP, or the dev outbox table; the mail job sends the outbox through it.
  const mailer = deps.mailer ?? outboxMailer(db, app.log);
  const notifications = createNotificationsService({
    db,
    now,
    presenter: { desistenciaDays: config.DESISTENCIA_DAYS },
  });
  const mailSender = createMailSender({
    db,
    transport: mailer,
    log: app.log,
    options: {
      leaseMs: config.MAIL_LEASE_SECONDS * 1000,
      retryMs: config.MAIL_RETRY_SECONDS * 1000,
      messageIdDomain: messageIdDomain(config.MAIL_FROM, config.PUBLIC_URL),
      publicUrl: config.PUBLIC_URL,
      presenter: { desistenciaDays: config.DESISTENCIA_DAYS },
    },
  });
  await mailSender.listen(database);
  app.decorate('mailOutbox', mailSender);
  const endedSessions = await createEndedSessions(database, {
    now,
    accessTtlMs: config.ACCESS_TOKEN_TTL_SECONDS * 1000,
  });
  app.addHook('onClose', () => endedSessions.close());
  const sessions = createSessionTokens({
    secrets,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    now,
    endedSessions,
  });
  const captcha = createCaptchaService(db, secrets.captchaKey, config.CAPTCHA_MAX_NUMBER);
  const consents = createConsentsService({ db, now });
  // CPF/CNPJ, birth dates and phones are sealed at rest (docs/product.md §19).
  const identity = createIdentityBox(secrets);
  const security = createSecurityService({ db, now, notifications });
  const loginFailures = deps.redis
    ? redisAttemptCounter(deps.redis, `${config.REDIS_KEY_PREFIX}login:`)
    : memoryAttemptCounter(now);
  const secondStep = createSecondStepGuard(loginFailures, secrets.hashKey);
  const twoFactor = createTwoFactorService({
    db,
    encryptionKey: secrets.encryptionKey,
    now,
    userChanges: userCache,
    security,
    secondStep,
  });
  const accounts = createAccountsService({
    db,
    mailOutbox: notifications,
    captcha,
    sessions,
    secrets,
    publicUrl: config.PUBLIC_URL,
    now,
    loginFailures,
    userChanges: userCache,
    consents,
    identity,
    security,
    twoFactor,
    secondStep,
  });
  const investor = createInvestorService({
    db,
    now,
    defaultAnnualLimitCents: config.ANNUAL_INVESTMENT_LIMIT,
    accounts,
    consents,
  });

  const storage = deps.storage;
  const issuers = createIssuersService({ db, storage, captcha, userChanges: userCache, identity });
  const tokens = createTokensService({ db, storage, now, issuers });
  const projects = createProjectsService({ db, storage, tokens });
  const statements = createStatementsService({
    db,
    tokens,
    platform: { name: 'Copaíba', cnpj: config.PLATFORM_CNPJ },
    now,
    identity,
  });
  const admin = createAdminService({
    db,
    chain: deps.chain ?? outboxChainRecorder,
    now,
    log: app.log,
    userChanges: userCache,
    notifications,
    identity,
    security,
  });
  const forum = createForumService({ db, now, notifications, admin });
  // The chain's modules (viem) are imported only when a chain is configured: start-up time.
  const chain =
    deps.chainRuntime !== undefined
      ? deps.chainRuntime
      : config.CHAIN_MODE === 'off'
        ? null
        : await import('./modules/chain/chain-runtime.ts').then((m) =>
            m.createChainRuntime({
              config,
              db,
              encryptionKey: secrets.encryptionKey,
              log: app.log,
            }),
          );
  app.decorate('chain', chain);
  const manager = createManagerService({ db, storage, now, notifications });
  const pix = deps.pix ?? createPixProvider(config);
  const webhookSecret = config.PIX_WEBHOOK_SECRET ?? secrets.pixWebhookSecret;
  const wallet = createWalletService({
    db,
    pix,
    limits: {
      depositMonthlyCents: config.DEPOSIT_MONTHLY_LIMIT,
      withdrawMonthlyCents: config.WITHDRAW_MONTHLY_LIMIT,
    },
    now,
    log: app.log,
    consents,
    notifications,
  });
  const pixWebhook = createPixWebhookService({ secret: webhookSecret, wallet });
  const purchases = createPurchasesService({
    db,
    now,
    defaultAnnualLimitCents: config.ANNUAL_INVESTMENT_LIMIT,
    desistenciaDays: config.DESISTENCIA_DAYS,
    investor,
  });
  const market = createMarketService({
    db,
    now,
    feeBasisPoints: config.MARKET_FEE_PERCENT,
    investor,
  });
  const withdrawals = createWithdrawalsService({
    db,
    pix,
    twoFactor,
    monthlyLimitCents: config.WITHDRAW_MONTHLY_LIMIT,
    now,
    log: app.log,
    notifications,
  });

  await app.register(errorsPlugin);
  // Before any route: each route gets its request histogram hook as it is registered.
  const metrics = config.METRICS_TOKEN
    ? await import('./plugins/metrics.ts').then(async ({ createMetrics, metricsPlugin }) => {
        const created = createMetrics(
          {
            poolUse: () => database.poolUse(),
            outboxes: [
              { outbox: 'chain', backlog: () => outboxBacklog(db) },
              { outbox: 'mail', backlog: () => mailSender.backlog() },
            ],
            chainReconciliation: chain
              ? await import('./modules/chain/reconciliation.ts').then(
                  (m) => () => m.reconciliationSummary(db),
                )
              : undefined,
          },
          app.log,
        );
        await app.register(metricsPlugin, { metrics: created, token: config.METRICS_TOKEN! });
        return created;
      })
    : undefined;
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(rateLimitPlugin, {
    limits: deps.rateLimits ?? defaultRateLimits,
    redis: deps.redis,
    redisKeyPrefix: config.REDIS_KEY_PREFIX,
  });
  await app.register(multipartPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { users: userCache, sessions, endedSessions });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: () => database.ping() });
      await api.register(captchaRoutes, { captcha });
      await api.register(accountsRoutes, { accounts });
      await api.register(catalogueRoutes, {
        db,
        now,
        cacheTtlMs: deps.publicCacheTtlMs ?? (config.NODE_ENV === 'test' ? 0 : 1000),
        investorProtection: {
          desistencia_days: config.DESISTENCIA_DAYS,
          annual_investment_limit: centsToDecimal(config.ANNUAL_INVESTMENT_LIMIT),
        },
        identity,
      });
      await api.register(supportRoutes, {
        mailOutbox: notifications,
        captcha,
        supportEmail: config.SUPPORT_EMAIL,
      });
      await api.register(issuersRoutes, { issuers });
      await api.register(tokensRoutes, { tokens });
      await api.register(projectsRoutes, { projects });
      await api.register(adminRoutes, { admin });
      await api.register(managerRoutes, { manager });
      await api.register(walletRoutes, { wallet, withdrawals });
      await api.register(statementsRoutes, { statements });
      await api.register(purchasesRoutes, { purchases });
      await api.register(marketRoutes, { market });
      await api.register(investorRoutes, { investor });
      await api.register(consentsRoutes, { consents });
      await api.register(twoFactorRoutes, { twoFactor });
      await api.register(securityRoutes, { security });
      await api.register(forumRoutes, { forum });
      await api.register(notificationsRoutes, { notifications });
      if (chain) {
        const cacheMs = config.NODE_ENV === 'test' ? 0 : 10_000;
        const { chainRoutes } = await import('./modules/chain/chain.routes.ts');
        await api.register(chainRoutes, { db, chain, now, cacheMs });
      }
      await api.register(privacyRoutes, {
        db,
        twoFactor,
        now,
        userChanges: userCache,
        consents,
        investor,
        identity,
      });
      await api.register(pixWebhookRoutes, { webhook: pixWebhook });
      if (pix.name === 'sandbox') await api.register(sandboxPixRoutes, { wallet, webhookSecret });
      if (!config.isProduction && !deps.mailer) await api.register(devRoutes, { db });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes, { storage });
  await app.register(webPlugin, { distDir: deps.webDistDir });
  app.addHook('onClose', async () => {
    await mailSender.stop();
    mailer.close();
  });
  if (chain && config.CHAIN_WORKER_INTERVAL_MS > 0) {
    const chainWorker = chain.worker.start(config.CHAIN_WORKER_INTERVAL_MS);
    app.addHook('onClose', () => chainWorker.stop());
    if (config.CHAIN_RECONCILE_INTERVAL_SECONDS > 0) {
      const { reconcileAll } = await import('./modules/chain/reconciliation.ts');
      const reconciling = startJobRunner(
        [{ name: 'reconcile-chain', run: () => reconcileAll(db, chain.client, app.log, now()) }],
        config.CHAIN_RECONCILE_INTERVAL_SECONDS * 1000,
        app.log,
        metrics?.jobs,
      );
      app.addHook('onClose', () => reconciling.stop());
    }
  }
  if (chain && deps.chainRuntime === undefined) app.addHook('onClose', () => chain.close());
  if (config.JOBS_INTERVAL_SECONDS > 0) {
    const jobs = startJobRunner(
      [
        {
          name: 'close-offers',
          run: () => closeDueOffers(db, now(), { desistenciaDays: config.DESISTENCIA_DAYS }),
        },
        { name: 'pay-installments', run: () => payDueInstallments(db, now()) },
        { name: 'expire-charges', run: () => expireCharges(db, now()) },
        { name: 'retry-payouts', run: () => withdrawals.retryPayouts() },
        // Retries of mails that failed; new ones leave at once (mail-sender.ts listens).
        { name: 'send-mails', run: () => mailSender.run() },
        // 'Atividade da conta' and ended sessions are kept 12 months (docs/product.md §19).
        {
          name: 'prune-security',
          run: async () => ({
            events: await security.prune(),
            sessions: await accounts.pruneSessions(activityCutoff(now())),
          }),
        },
      ],
      config.JOBS_INTERVAL_SECONDS * 1000,
      app.log,
      metrics?.jobs,
    );
    app.addHook('onClose', () => jobs.stop());
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
