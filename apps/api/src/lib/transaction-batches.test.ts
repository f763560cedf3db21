import { describe, expect, it } from 'vitest';
import { createTransactionBatches, MAX_BATCH } from './transaction-batches.ts';

/** A request for one unit of a hot row (an offer's, a listing's) on a day, as a batch sees it. */
interface Request {
  userId: number;
  rowId: number;
  today: string;
}
const request = (userId: number, rowId = 1, today = '2026-11-22'): Request => ({
  userId,
  rowId,
  today,
});
const bought = (r: Request) => ({ outcome: 'bought', user: r.userId });

/** An executor that records each call and finishes only when the test says so. */
function recorder() {
  const calls: Array<{ kind: 'one' | 'many'; users: number[]; finish: (e?: Error) => void }> = [];
  const batches = createTransactionBatches({
    key: (r: Request) => `${r.rowId}:${r.today}`,
    run: (requests) =>
      new Promise<Array<ReturnType<typeof bought>>>((resolve, reject) =>
        calls.push({
          kind: requests.length === 1 ? 'one' : 'many',
          users: requests.map((r) => r.userId),
          finish: (error) => (error ? reject(error) : resolve(requests.map(bought))),
        }),
      ),
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { calls, batches, settle };
}

describe('transaction batches', () => {
  it('sends a request at once when its row has none running, and the ones arriving meanwhile together', async () => {
    const { calls, batches, settle } = recorder();
    const first = batches.submit(request(1));
    expect(calls).toMatchObject([{ kind: 'one', users: [1] }]);
    const rest = [2, 3, 4].map((u) => batches.submit(request(u)));
    const other = batches.submit(request(9, 2));
    const nextDay = batches.submit(request(8, 1, '2026-11-23'));
    expect(calls.map((c) => c.users)).toEqual([[1], [9], [8]]);
    calls[0]!.finish();
    expect(await first).toEqual(bought(request(1)));
    await settle();
    expect(calls[3]).toMatchObject({ kind: 'many', users: [2, 3, 4] });
    calls[3]!.finish();
    expect(await Promise.all(rest)).toEqual([2, 3, 4].map((u) => bought(request(u))));
    calls[1]!.finish();
    calls[2]!.finish();
    await Promise.all([other, nextDay]);
  });

  it(`puts at most ${MAX_BATCH} requests in one transaction`, async () => {
    const { calls, batches, settle } = recorder();
    const all = Array.from({ length: MAX_BATCH + 6 }, (_, u) => batches.submit(request(u)));
    calls[0]!.finish();
    await settle();
    expect(calls[1]!.users).toHaveLength(MAX_BATCH);
    calls[1]!.finish();
    await settle();
    expect(calls[2]!.users).toHaveLength(5);
    calls[2]!.finish();
    expect(await Promise.all(all)).toHaveLength(MAX_BATCH + 6);
  });

  it('tries each request alone when the database refused the whole transaction', async () => {
    const { calls, batches, settle } = recorder();
    const all = [1, 2, 3].map((u) => batches.submit(request(u)));
    calls[0]!.finish();
    await settle();
    calls[1]!.finish(
      Object.assign(new Error('deadlock detected'), { code: '40P01', severity: 'ERROR' }),
    );
    await settle();
    expect(calls.slice(2).map((c) => [c.kind, c.users])).toEqual([
      ['one', [2]],
      ['one', [3]],
    ]);
    for (const c of calls.slice(2)) c.finish();
    expect(await Promise.all(all)).toEqual([1, 2, 3].map((u) => bought(request(u))));
  });

  it('never retries when the outcome is unknown (the connection lost): each request fails', async () => {
    const { calls, batches, settle } = recorder();
    const all = [1, 2, 3].map((u) => batches.submit(request(u)).catch((e: Error) => e.message));
    calls[0]!.finish();
    await settle();
    calls[1]!.finish(Object.assign(new Error('Connection terminated'), { code: 'EPIPE' }));
    expect(await Promise.all(all)).toEqual([
      bought(request(1)),
      'Connection terminated',
      'Connection terminated',
    ]);
    expect(calls).toHaveLength(2);
  });
});
