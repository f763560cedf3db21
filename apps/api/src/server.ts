import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@copaiba/db';
import type { Redis } from 'ioredis';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './config.ts';
import { createHttpLifecycle } from './lib/http-lifecycle.ts';
import { createIdentityBox } from './lib/identity-box.ts';
import { logRedaction } from './lib/log-redaction.ts';
import { openDatabase } from './lib/open-database.ts';
import { loadSecrets } from './lib/secrets.ts';
import { assertKeyOpensSealedData, sealIdentityData } from './maintenance/seal-identity-data.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { smtpMailer } from './mail/mailer.ts';
import { ensureAdmin } from './modules/accounts/bootstrap-admin.ts';
import { DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { demoSeedPending, seedDemoInChildProcess } from './seed/demo.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** What start-up has opened so far: a shutdown closes it, whatever step it reached. */
interface Opened {
  database?: DatabaseHandle;
  app?: App;
  redis?: Redis;
}

/** Thrown between start-up steps once SIGTERM arrived: the rest of the start is skipped. */
class StopRequested extends Error {}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // Listening before the database opens: until the app serves, every request gets 503 and
  // /api/ready/ says "starting" (docs/OPERATIONS.md), rather than a refused connection.
  const http = createHttpLifecycle();
  await http.listen(config.PORT, config.HOST);
  const opened: Opened = {};
  const say = (message: string) =>
    opened.app ? opened.app.log.info(message) : process.stdout.write(`${message}\n`);

  let stopping: Promise<void> | null = null;
  /**
   * SIGTERM: /api/ready/ answers 503 at once and no connection is accepted; requests in flight
   * finish (DRAIN_TIMEOUT_SECONDS, then their connections close); the job runners and the chain
   * worker finish the job they are on; then the pool and the embedded PostgreSQL close.
   */
  async function shutdown(signal: string) {
    say(`${signal}: draining`);
    const hardStop = setTimeout(
      () => {
        process.stderr.write('Copaíba não parou a tempo; saindo mesmo assim.\n');
        process.exit(1);
      },
      (config.DRAIN_TIMEOUT_SECONDS + 15) * 1000,
    );
    hardStop.unref();
    const { timedOut } = await http.drain(config.DRAIN_TIMEOUT_SECONDS * 1000);
    if (timedOut) say('drain timed out: the connections still open were closed');
    await starting.catch(() => undefined);
    await opened.app?.close();
    await opened.database?.close();
    opened.redis?.disconnect();
    say('stopped');
    process.exit(0);
  }
  const stop = (signal: string) => {
    stopping ??= shutdown(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const step = async <T>(run: () => PromiseLike<T>): Promise<T> => {
    if (stopping) throw new StopRequested();
    return await run();
  };

  const starting = (async () => {
    const database = await step(() => openDatabase(config));
    opened.database = database;
    await step(() => database.migrate());
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = config;
      await step(() => ensureAdmin(database.db, email, password));
    }
    const storage = await step(() => createStorage(config));
    // Made here if missing, before the seed's process reads them (it signs the seed's chain work).
    const secrets = loadSecrets(config);
    // In a process of its own, which gives back what the seed allocated when it exits.
    const seeded =
      config.SEED_DEMO && (await step(() => demoSeedPending(database.db)))
        ? await step(() => seedDemoInChildProcess(database.url))
        : [];
    // Identity data still in clear (from before migration 0016, or the seed's) is sealed now.
    const identity = createIdentityBox(secrets);
    await step(() => assertKeyOpensSealedData(database.db, identity));
    const sealing = await step(() => sealIdentityData(database.db, identity));
    if (sealing.duplicateCpfCnpj.length > 0)
      say(
        `CPF/CNPJ já usado por outra conta, guardado sem hash: ${sealing.duplicateCpfCnpj.join(', ')}`,
      );
    opened.redis = config.REDIS_URL
      ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 })
      : undefined;
    const app = await step(() =>
      buildApp({
        config,
        database,
        secrets,
        mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined,
        storage,
        redis: opened.redis,
        logger: { level: config.LOG_LEVEL, ...logRedaction },
        server: http.server,
        webDistDir: config.WEB_DIST_DIR ?? defaultWebDist,
      }),
    );
    opened.app = app;
    await step(() => app.ready());
    return seeded;
  })();

  let seeded: Awaited<typeof starting>;
  try {
    seeded = await starting;
  } catch (err) {
    if (err instanceof StopRequested) return;
    throw err;
  }
  if (stopping) return;
  http.serve(opened.app!.routing.bind(opened.app));
  opened.app!.log.info(
    {
      database: opened.database!.kind,
      mail: config.SMTP_URL ? 'smtp' : 'dev outbox',
      url: config.PUBLIC_URL,
    },
    'Copaíba is ready',
  );
  if (seeded.length > 0) {
    const lines = seeded.map((a) => `  ${a.role.padEnd(18)} ${a.email}`).join('\n');
    process.stdout.write(`\nContas de demonstração (senha ${DEMO_PASSWORD}):\n${lines}\n\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Copaíba não iniciou: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
