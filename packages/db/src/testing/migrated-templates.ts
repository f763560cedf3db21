import { randomBytes } from 'node:crypto';
import { connectPostgres } from '../client.ts';
import { adminQuery } from './test-database.ts';
import { templateEnv } from './template-env.ts';

/**
 * One migrated database on the TEST_DATABASE_URL server, which each test file copies with CREATE
 * DATABASE … TEMPLATE. Returns the teardown that drops it.
 */
export async function postgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const name = `copaiba_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString(), 1);
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  process.env[templateEnv.postgres] = name;
  return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}
