import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drainAnswers, drained, rawConnection } from '../testing/raw-http.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { TEMPORARILY_UNAVAILABLE } from './app-error.ts';
import { createHttpLifecycle, type HttpLifecycle } from './http-lifecycle.ts';

let t: TestApp;
const lifecycles: HttpLifecycle[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const lifecycle of lifecycles) await lifecycle.drain(0);
  await t?.close();
});

/** A lifecycle listening on a free port, as server.ts starts one. */
async function listening() {
  const lifecycle = createHttpLifecycle();
  lifecycles.push(lifecycle);
  await lifecycle.listen(0, '127.0.0.1');
  const { port } = lifecycle.server.address() as AddressInfo;
  return { lifecycle, url: `http://127.0.0.1:${port}` };
}

/**
 * Holds the `tokens` table locked until `release()`: a public read of the catalogue waits on it,
 * a real request in flight for as long as the test wants. Resolves once the lock is held: a
 * request sent before would read the table and answer at once (under load it did, and the test
 * then waited 10 s for a query waiting on the lock that never came).
 */
async function lockTokens() {
  let release!: () => void;
  let locked!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (locked = resolve));
  const holding = t.db.transaction(async (tx) => {
    await tx.execute(sql`lock table tokens in access exclusive mode`);
    locked();
    await released;
  });
  await Promise.race([held, holding]);
  return { release, done: () => holding };
}

/** A serving lifecycle with a catalogue read in flight on `connection`, held by `lock`. */
async function readInFlight() {
  const { lifecycle, url } = await listening();
  lifecycle.serve(t.app.routing.bind(t.app));
  const lock = await lockTokens();
  const connection = await rawConnection(url);
  connection.send('GET', '/api/token/list/');
  await waitingOnLock();
  return { lifecycle, url, lock, connection };
}

/** Resolves once a query of this database waits on a lock: the request is in flight. */
async function waitingOnLock() {
  await vi.waitFor(
    async () => {
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as { rows: Array<{ n: number }> };
      expect(rows[0]?.n).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('the HTTP lifecycle', () => {
  it('answers 503 while starting: /api/ready/ says starting, the rest what a database outage says', async () => {
    const { url } = await listening();
    const ready = await fetch(`${url}/api/ready/`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'starting' });
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(ready.headers.get('connection')).toBe('close');
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const health = await fetch(`${url}/api/health?probe=1`);
    expect([health.status, await health.json()]).toEqual([503, { status: 'unavailable' }]);
    const write = await fetch(`${url}/api/wallet/pix/deposit/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: '10.00' }),
    });
    expect([write.status, await write.json()]).toEqual([503, { detail: TEMPORARILY_UNAVAILABLE }]);
    const head = await fetch(`${url}/api/ready/`, { method: 'HEAD' });
    expect(head.status).toBe(503);
  });

  it('hands every request to the app once it serves: /api/ready/ answers 200 while the database does', async () => {
    const { lifecycle, url } = await listening();
    lifecycle.serve(t.app.routing.bind(t.app));
    expect(lifecycle.phase).toBe('serving');
    const ready = await fetch(`${url}/api/ready/`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    const list = await fetch(`${url}/api/token/list/`);
    expect(list.status).toBe(200);

    const lost = await createTestApp();
    try {
      await lost.database.close();
      const down = await lost.app.inject({ method: 'GET', url: '/api/ready/' });
      expect([down.statusCode, down.json()]).toEqual([503, { status: 'unavailable' }]);
    } finally {
      await lost.close();
    }
  });

  it('drains: the request in flight finishes, new connections are refused, /api/ready/ says draining', async () => {
    const { lifecycle, url, lock, connection } = await readInFlight();
    const draining = lifecycle.drain(20_000);
    expect(lifecycle.phase).toBe('draining');
    await expect(fetch(`${url}/api/ready/`)).rejects.toThrow();
    // A request that still reaches the process, on a connection it already had.
    connection.send('GET', '/api/ready/');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connection.responses()).toEqual([]);

    lock.release();
    await lock.done();
    expect(await draining).toEqual({ timedOut: false });
    await connection.closed;
    expect(drainAnswers(connection.responses())).toEqual(drained);
  });

  it('closes the connections still busy when the deadline passes', async () => {
    const { lifecycle, lock, connection } = await readInFlight();
    const started = Date.now();
    expect(await lifecycle.drain(300)).toEqual({ timedOut: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    await connection.closed;
    expect(connection.responses()).toEqual([]);
    lock.release();
    await lock.done();
  });
});
