import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectPostgres, openEmbeddedDatabase, type DatabaseHandle } from '@copaiba/db';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { embeddedDatabasePassword, loadSecrets } from './lib/secrets.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import { smtpMailer } from './mail/mailer.ts';
import { ensureAdmin } from './modules/accounts/bootstrap-admin.ts';
import { hashPassword } from './modules/accounts/passwords.ts';
import { seedDemoCatalogue } from './seed/demo-catalogue.ts';
import { DEMO_PASSWORD, demoAccounts, seedDemoAccounts } from './seed/demo-accounts.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** DATABASE_URL's server, or a PostgreSQL of its own under DATA_DIR/postgres. */
async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return connectPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  return openEmbeddedDatabase({
    dataDir: join(config.DATA_DIR, 'postgres'),
    password: embeddedDatabasePassword(config.DATA_DIR),
    poolSize: config.DATABASE_POOL_SIZE,
    log: (message) => process.stdout.write(`${message}\n`),
  });
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  }
  const storage = await createStorage(config);
  const seeded = config.SEED_DEMO ? await seedDemoAccounts(database.db, hashPassword) : [];
  if (config.SEED_DEMO) await seedDemoCatalogue(database.db, storage, demoAccounts[1].email);
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 })
    : undefined;

  const app = await buildApp({
    config,
    database,
    secrets: loadSecrets(config),
    mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined,
    storage,
    redis,
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
    webDistDir: config.WEB_DIST_DIR ?? defaultWebDist,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      database: database.kind,
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
