import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenPostgres, type ChannelListener, type Unlisten } from './listen.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A database or a transaction: repositories take either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Applies every pending migration, then the SQL code (packages/db/src/sql). */
  migrate(): Promise<void>;
  /** Cheap liveness check for /health. */
  ping(): Promise<void>;
  /** Subscribes to NOTIFY on a channel. */
  listen(channel: string, listener: ChannelListener): Promise<Unlisten>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const sqlFolder = fileURLToPath(new URL('./sql', import.meta.url));

/**
 * The database's functions, one file per concern (each header says its contract and locks), in
 * the order they depend on each other. Applied after the migrations at every start.
 */
const SQL_CODE = [
  'locks.sql',
  'ledger.sql',
  'offers.sql',
  'chain-outbox.sql',
  'purchases.sql',
  'users-notify.sql',
];

/**
 * One script that replaces every function with the code's version: sent as one simple query, it
 * runs as one transaction, and two processes starting together take turns on the advisory lock.
 */
export function sqlCodeScript(): string {
  const files = SQL_CODE.map((name) => readFileSync(join(sqlFolder, name), 'utf8'));
  return ["SELECT pg_advisory_xact_lock(hashtext('copaiba: sql code'));", ...files].join('\n');
}

export function connectPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (err) => process.stderr.write(`postgres idle client error: ${err.message}\n`));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await migratePg(db, { migrationsFolder });
      await pool.query(sqlCodeScript());
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, listener) => listenPostgres(url, channel, listener),
    close: () => pool.end(),
  };
}

/**
 * Embedded PostgreSQL. `dataDir` undefined means in memory (tests); `from` starts it from a
 * `dumpDataDir` tarball instead of an empty cluster.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<DatabaseHandle> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    // Imported here, so a server on PostgreSQL never loads the embedded one.
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await PGlite.create(
      dataDir ? join(dataDir, 'pglite') : undefined,
      from ? { loadDataDir: from } : undefined,
    );
    const db = drizzlePglite(client, { schema });
    return {
      db,
      kind: 'pglite',
      migrate: async () => {
        await migratePglite(db, { migrationsFolder });
        await client.exec(sqlCodeScript());
      },
      ping: async () => {
        await client.query('select 1');
      },
      // One connection: a notification is delivered as its transaction commits, before the
      // COMMIT's promise resolves.
      listen: async (channel, listener) => {
        const unlisten = await client.listen(channel, (payload) => listener.notify(payload));
        listener.listening();
        // After close() there is nothing left to unsubscribe from.
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** PGlite allows one process per data directory; a second one would silently lose writes. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `O banco embutido em ${dataDir} já está em uso pelo processo ${pid}. ` +
            'Encerre-o ou use outro DATA_DIR (ou DATABASE_URL para PostgreSQL).',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Não foi possível travar ${lockPath}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
