import { join } from 'node:path';
import { connectPostgres, openEmbeddedDatabase, type DatabaseHandle } from '@copaiba/db';
import type { Config } from '../config.ts';
import { embeddedDatabasePassword } from './secrets.ts';

/** DATABASE_URL's server, or a PostgreSQL of its own under DATA_DIR/postgres. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return connectPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  return openEmbeddedDatabase({
    dataDir: join(config.DATA_DIR, 'postgres'),
    password: embeddedDatabasePassword(config.DATA_DIR),
    poolSize: config.DATABASE_POOL_SIZE,
    log: (message) => process.stdout.write(`${message}\n`),
  });
}
