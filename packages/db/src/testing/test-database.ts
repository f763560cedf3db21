import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { connectPostgres, openPglite, type DatabaseHandle } from '../client.ts';
import { templateEnv } from './template-env.ts';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server when
 * TEST_DATABASE_URL is set, otherwise an in-memory PGlite. close() drops it. Each starts from the
 * migrated template that the Vitest global setup made, when there is one.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = process.env[templateEnv.pglite];
    if (template) return openPglite(undefined, new Blob([readFileSync(template)]));
    const handle = await openPglite();
    await handle.migrate();
    return handle;
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
