import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { connectPostgres, sqlCodeScript } from '../client.ts';
import { adminQuery } from './test-database.ts';
import { templateEnv } from './template-env.ts';

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Vitest global setup: migrates one PGlite and writes its data directory as a tarball, so each
 * test file loads it (about a third of the time of a new cluster) instead of initialising and
 * migrating its own. Returns the teardown.
 */
export async function pgliteTemplate(): Promise<() => void> {
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder });
  await client.exec(sqlCodeScript());
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(join(tmpdir(), 'copaiba-pglite-template-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[templateEnv.pglite] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Vitest global setup: one migrated database on the TEST_DATABASE_URL server, which each test
 * file copies with CREATE DATABASE … TEMPLATE. Returns the teardown that drops it.
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
