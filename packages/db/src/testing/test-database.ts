import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectPostgres, type DatabaseHandle } from '../client.ts';
import { templateEnv } from './template-env.ts';

/**
 * A fresh, migrated database for one test file on the TEST_DATABASE_URL server (the machine's, or
 * the embedded one the test command started: database.setup.ts), copied from the migrated
 * template when there is one. close() drops it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      'TEST_DATABASE_URL não está definido: rode os testes com `npm test` (que inicia um PostgreSQL ' +
        'embutido) ou defina TEST_DATABASE_URL=postgres://… de um servidor PostgreSQL.',
    );
  }
  const name = `copaiba_test_${randomBytes(6).toString('hex')}`;
  const template = process.env[templateEnv.postgres];
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), 20);
  if (!template) await handle.migrate();
  return {
    ...handle,
    /** For a process of its own (e.g. an API server a test starts and kills). */
    url: url.toString(),
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on the server's maintenance connection (create and drop databases). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
