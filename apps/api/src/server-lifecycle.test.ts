import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connectPostgres, users } from '@copaiba/db';
import { adminQuery } from '@copaiba/db/testing';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { insertLegacyUser } from './testing/fixtures.ts';
import { drainAnswers, drained, rawConnection } from './testing/raw-http.ts';
import {
  clusterProcesses,
  postmasterPid,
  testServers,
  withCluster,
  type ServerProcess,
} from './testing/server-process.ts';

const servers = testServers('copaiba-lifecycle-');
const newServer = (env: Record<string, string>) => servers.create(env);
const databases: string[] = [];

afterAll(async () => {
  await servers.cleanup();
  const serverUrl = process.env.TEST_DATABASE_URL!;
  for (const name of databases)
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
});

/** The process's own log lines (pino JSON) with this message. */
const logged = (server: ServerProcess, msg: string) =>
  server.output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .some((line) => (JSON.parse(line) as { msg?: string }).msg === msg);

/** A new empty database on the run's server, dropped after the file; its URL. */
async function emptyDatabase(): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `copaiba_test_${randomBytes(6).toString('hex')}`;
  databases.push(name);
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('the server process', () => {
  it('applies each migration once when instances start together', async () => {
    const url = await emptyDatabase();
    const instances = [connectPostgres(url, 2), connectPostgres(url, 2), connectPostgres(url, 2)];
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const journal = JSON.parse(
        readFileSync(
          new URL('../../../packages/db/src/migrations/meta/_journal.json', import.meta.url),
          'utf8',
        ),
      ) as { entries: unknown[] };
      const { rows } = (await instances[0]!.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as { rows: Array<{ n: number }> };
      expect(rows[0]?.n).toBe(journal.entries.length);
    } finally {
      for (const instance of instances) await instance.close();
    }
  });

  it('answers /api/ready/ 503 "starting" while its migrations run, then 200', async () => {
    const url = new URL(await emptyDatabase());
    // The start applies the SQL code under this advisory lock (packages/db/src/client.ts):
    // holding it keeps the start in its migration step for as long as the test wants.
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    const observer = new pg.Client({ connectionString: url.toString() });
    await observer.connect();
    await holder.query('begin');
    await holder.query("select pg_advisory_xact_lock(hashtext('copaiba: sql code'))");
    try {
      const server = newServer({ DATABASE_URL: url.toString() });
      await server.start({ until: null });
      // Asked outside the holder's transaction, which would keep seeing its first snapshot.
      const waiting = async () => {
        const { rows } = await observer.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return rows[0]?.n ?? 0;
      };
      await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 30_000 });
      const ready = await fetch(`${server.url}/api/ready/`);
      expect([ready.status, await ready.json()]).toEqual([503, { status: 'starting' }]);
      const health = await fetch(`${server.url}/api/health/`);
      expect(health.status).toBe(503);
      const list = await fetch(`${server.url}/api/token/list/`);
      expect(list.status).toBe(503);
      expect(list.headers.get('retry-after')).toBe('5');

      await holder.query('commit');
      await vi.waitFor(
        async () => expect((await fetch(`${server.url}/api/ready/`)).status).toBe(200),
        { timeout: 30_000, interval: 50 },
      );
      expect((await fetch(`${server.url}/api/token/list/`)).status).toBe(200);
      await server.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await holder.end();
      await observer.end();
    }
  });

  it.skipIf(process.platform !== 'linux')(
    'drains on SIGTERM: the request in flight answers 200, new connections are refused, it exits 0 with its PostgreSQL stopped',
    async () => {
      // Jobs every second: the runner is at work when the signal comes, and must stop cleanly.
      const server = newServer({ LOG_LEVEL: 'info', JOBS_INTERVAL_SECONDS: '1' });
      await server.start();
      const dataDir = server.dataDir;
      expect(postmasterPid(dataDir)).not.toBeNull();

      const connection = await withCluster(dataDir, async (cluster) => {
        // A public read of the catalogue waits on this lock: a real request in flight.
        await cluster.query('begin');
        await cluster.query('lock table tokens in access exclusive mode');
        const held = await rawConnection(server.url);
        held.send('GET', '/api/token/list/');
        // In flight: the app logged it, and a query waits on the lock (its text may still be the
        // connection's previous one: a relation is locked while the statement is parsed).
        await vi.waitFor(
          async () => {
            expect(server.output).toContain('"url":"/api/token/list/"');
            // Inside a transaction the activity view keeps its first snapshot unless cleared.
            await cluster.query('select pg_stat_clear_snapshot()');
            const { rows } = await cluster.query<{ n: number }>(
              "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'relation'",
            );
            expect(rows[0]?.n).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 20 },
        );

        server.child!.kill('SIGTERM');
        // The listener closes at once: a new connection is refused.
        await vi.waitFor(
          async () =>
            expect(await fetch(`${server.url}/api/ready/`).catch(() => 'refused')).toBe('refused'),
          { timeout: 5_000, interval: 20 },
        );
        // A request that still reaches it, on a connection it already had, hears it is draining.
        held.send('GET', '/api/ready/');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(server.child!.exitCode).toBeNull();
        expect(held.responses()).toEqual([]);
        await cluster.query('commit');
        return held;
      });
      await connection.closed;
      expect(drainAnswers(connection.responses())).toEqual(drained);

      expect(await server.exited).toBe(0);
      expect(logged(server, 'SIGTERM: draining')).toBe(true);
      expect(logged(server, 'stopped')).toBe(true);
      expect(postmasterPid(dataDir)).toBeNull();
      await vi.waitFor(() => expect(clusterProcesses(dataDir)).toEqual([]), { timeout: 10_000 });
    },
  );
  it('refuses to start with an ENCRYPTION_KEY that cannot open the data already sealed, before sealing anything', async () => {
    const url = await emptyDatabase();
    const key = randomBytes(32).toString('hex');
    const withKey = (encryptionKey: string) =>
      newServer({ DATABASE_URL: url, ENCRYPTION_KEY: encryptionKey });
    const migrating = withKey(key);
    await migrating.start();
    await migrating.kill('SIGTERM');
    const database = connectPostgres(url, 1);
    // Identity data in clear, as code from before migration 0016 wrote it: a start seals it.
    const legacyUser = () => insertLegacyUser(database.db, '52998224725');
    const inClear = async (id: number) =>
      (await database.db.select({ cpf: users.cpfCnpj }).from(users).where(eq(users.id, id)))[0]!
        .cpf;
    try {
      const sealedByKey = await legacyUser();
      const first = withKey(key);
      await first.start();
      await first.kill('SIGTERM');
      expect(await inClear(sealedByKey)).toBeNull();

      const waiting = await legacyUser();
      const otherKey = withKey(randomBytes(32).toString('hex'));
      await expect(otherKey.start()).rejects.toThrow(
        'ENCRYPTION_KEY não abre os dados já cifrados neste banco',
      );
      expect(await otherKey.exited).toBe(1);
      expect(await inClear(waiting)).toBe('52998224725');

      const again = withKey(key);
      await again.start();
      expect(await inClear(waiting)).toBeNull();
      await again.kill('SIGTERM');
    } finally {
      await database.close();
    }
  });
});
