import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransactionConfig } from 'drizzle-orm/pg-core';
import {
  drizzle as drizzlePg,
  NodePgSession,
  NodePgTransaction,
  type NodePgDatabase,
} from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type EmbeddedPostgresOptions,
} from './embedded-postgres.ts';
import { createListenConnection, type ChannelListener, type Unlisten } from './listen.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A database or a transaction: repositories take either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /** `embedded`: the PostgreSQL the server started itself (embedded-postgres.ts). */
  kind: 'server' | 'embedded';
  /** Its connection string (the embedded one's carries its password): for a child process. */
  url: string;
  /** Applies every pending migration, then the SQL code (packages/db/src/sql). */
  migrate(): Promise<void>;
  /** Cheap liveness check for /health. */
  ping(): Promise<void>;
  /** Subscribes to NOTIFY on a channel. */
  listen(channel: string, listener: ChannelListener): Promise<Unlisten>;
  /** The pool's connections right now, for GET /api/metrics. */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open (idle or lent to a query). */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is exhausted. */
  waiting: number;
  max: number;
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
  'notifications.sql',
  'holding-values.sql',
  'purchases.sql',
  'desistencias.sql',
  'market.sql',
  'investor.sql',
  'offer-jobs.sql',
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

/** A pool on the PostgreSQL server at `url`. */
export function connectPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A database that is down answers fast (503), never a request left hanging on a connect.
    connectionTimeoutMillis: 5000,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (err) => process.stderr.write(`postgres idle client error: ${err.message}\n`));
  // A connection lent to a query when PostgreSQL dies emits 'error' too, and the pool removes its
  // own listener while lending it: unheard, that event crashes the process (the soak found it,
  // docs/SECURITY.md). The query in flight is rejected with the error all the same.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema });
  releaseEveryTransactionClient(db, pool);
  const listens = createListenConnection(url);
  return {
    db,
    kind: 'server',
    url,
    migrate: async () => {
      // drizzle's migrator takes no lock: instances starting together take turns here, and the
      // next one finds the migrations recorded. A connection of its own, so a pool of 1 still works.
      const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      lock.on('error', () => undefined);
      await lock.connect();
      try {
        await lock.query("select pg_advisory_lock(hashtext('copaiba: migrations'))");
        await migratePg(db, { migrationsFolder });
        await pool.query(sqlCodeScript());
      } finally {
        // Ending the session releases the lock.
        await lock.end();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, listener) => listens.subscribe(channel, listener),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    close: () => pool.end(),
  };
}

/**
 * drizzle's pooled transaction sends BEGIN before the `try` whose `finally` gives its client back:
 * a BEGIN that fails (a connection that died while idle in the pool, PostgreSQL restarting) kept
 * that client lent out for good, and a pool that lost them all hung its callers and its own end
 * (the money soak's clean-up did; docs/SECURITY.md). The same steps, with BEGIN inside; a client
 * whose transaction could not start or be rolled back is closed instead of lent again.
 */
function releaseEveryTransactionClient(db: NodePgDatabase<Schema>, pool: pg.Pool) {
  // drizzle's own session (marked internal): what a transaction's session is built from.
  type Parts = ConstructorParameters<typeof NodePgTransaction<Schema, never>>;
  const { session } = db as unknown as {
    session: {
      dialect: Parts[0];
      schema: Parts[2];
      options: ConstructorParameters<typeof NodePgSession>[3];
      transaction: <T>(
        run: (tx: NodePgTransaction<Schema, never>) => Promise<T>,
        config?: PgTransactionConfig,
      ) => Promise<T>;
    };
  };
  session.transaction = async (run, config) => {
    const client = await pool.connect();
    const own = new NodePgSession(client, session.dialect, session.schema, session.options);
    const tx = new NodePgTransaction<Schema, never>(session.dialect, own, session.schema);
    let unusable: Error | undefined;
    try {
      try {
        await tx.execute(sql`begin`);
        if (config) await tx.setTransaction(config);
      } catch (error) {
        unusable = error as Error;
        throw error;
      }
      try {
        const result = await run(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
          unusable = rollbackError;
        });
        throw error;
      }
    } finally {
      client.release(unusable);
    }
  };
}

/**
 * The PostgreSQL the server starts itself under `dataDir` when there is no DATABASE_URL; closing
 * the handle stops it.
 */
export async function openEmbeddedDatabase(
  options: EmbeddedPostgresOptions & { poolSize?: number },
): Promise<DatabaseHandle & { embedded: EmbeddedPostgres }> {
  const embedded = await startEmbeddedPostgres(options);
  const handle = connectPostgres(embedded.url, options.poolSize);
  return {
    ...handle,
    kind: 'embedded',
    embedded,
    close: async () => {
      await handle.close();
      await embedded.stop();
    },
  };
}
