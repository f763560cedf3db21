import { todayInSaoPaulo } from '@copaiba/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqlRows } from '../../lib/sql-rows.ts';
import { annualTotalsDrift } from '../../testing/annual-totals.ts';
import { holdingValuesDrift } from '../../testing/holding-values.ts';
import {
  buyListing,
  buyTokens,
  distributingToken,
  expectStatus,
  fundedInvestor,
  insertIssuer,
  insertToken,
  listed,
  noonOf,
  plusDays,
  userIdOf,
  type Bearer,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { accounts, balanceOf, ledgerTotal } from '../ledger/ledger.ts';
import { payDueInstallments } from './installment-payouts.ts';
import { closeDueOffers } from './offer-closing.ts';
import type { OfferJobOptions } from './offer-job-queue.ts';

/*
 * The offer jobs in bounded transactions (docs/ARCHITECTURE.md, "Jobs"; offer-jobs.sql): with a
 * batch of 2 holders, five holders take three transactions; nothing of the job is held between
 * them, purchases elsewhere go on while a batch is in flight, and a run that dies between two
 * batches is finished by the next without paying anyone twice.
 */

let t: TestApp;
let issuerId: number;
const BATCH = { batchSize: 2 };
const noWindow = { desistenciaDays: 0 };

beforeAll(async () => {
  t = await createTestApp();
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

interface Holder {
  who: Bearer;
  id: number;
}

async function holders(n: number, balance = '1000.00'): Promise<Holder[]> {
  const all: Holder[] = [];
  for (let i = 0; i < n; i++) {
    const who = await fundedInvestor(t, { balance });
    all.push({ who, id: await userIdOf(t, who) });
  }
  return all;
}

/** An offer whose deadline is today: the closing job takes it tomorrow. */
function offerClosingToday(minimumCents: bigint) {
  const today = todayInSaoPaulo(t.clock.now);
  return insertToken(t.db, issuerId, {
    unitPriceCents: 100_00n,
    quantity: 1000,
    installments: 4,
    minimumAmountRaisedCents: minimumCents,
    maximumAmountRaisedCents: 100_000_00n,
    deadlineForFunding: today,
    firstDateInstallment: plusDays(today, 31),
  });
}

/** An offer still funding for a month: where the purchases "elsewhere" go. */
const openOffer = () =>
  insertToken(t.db, issuerId, {
    unitPriceCents: 10_00n,
    quantity: 1000,
    deadlineForFunding: plusDays(todayInSaoPaulo(t.clock.now), 30),
  });

const tomorrow = () => noonOf(plusDays(todayInSaoPaulo(t.clock.now), 1));

/** The transactions that wrote a token's transfers of this kind (their xmin), and the transfers. */
async function transfersOf(tokenId: number, kind: string) {
  const rows = await sqlRows<{
    user_id: number;
    amount_cents: string;
    quantity: number;
    tx: string;
  }>(
    t.db,
    sql`select user_id::int, amount_cents::text, quantity::int, xmin::text as tx
      from ledger_transfers where token_id = ${tokenId} and kind = ${kind} order by id`,
  );
  return { rows, transactions: new Set(rows.map((r) => r.tx)).size };
}

const queued = async (tokenId: number) =>
  (
    await sqlRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from offer_job_queue where token_id = ${tokenId}`,
    )
  )[0]!.n;

const notified = async (kind: string, tokenId: number) =>
  sqlRows<{ user_id: number }>(
    t.db,
    sql`select user_id::int from notifications
      where kind = ${kind} and (data->>'token_id')::bigint = ${tokenId} order by user_id`,
  );

/** A job option that throws once, after the first batch has committed: a crash between batches. */
function dyingAfterFirstBatch(): OfferJobOptions {
  let batches = 0;
  return {
    ...BATCH,
    afterBatch: () => {
      if (++batches === 1) throw new Error('killed between batches');
    },
  };
}

describe('a failed offer, refunded in batches', () => {
  it('refunds five buyers in three transactions while purchases on another offer go on', async () => {
    const buyers = await holders(5);
    const outsider = await holders(1);
    const failing = await offerClosingToday(100_000_00n);
    const open = await openOffer();
    for (const [i, b] of buyers.entries())
      expectStatus(await buyTokens(t, b.who, failing.id, i + 1), 201, 'purchase');

    // After the first batch, another connection holds the failing token's row: the second batch
    // then waits at its last step (the chain outbox's counter, locks.sql step 9) holding its
    // buyers' wallets and holdings and the escrow. A purchase on another offer must not wait.
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    let held = false;
    const job = closeDueOffers(t.db, tomorrow(), {
      ...noWindow,
      ...BATCH,
      afterBatch: async () => {
        if (held) return;
        held = true;
        await blocker.query('begin');
        await blocker.query('select 1 from tokens where id = $1 for no key update', [failing.id]);
      },
    });
    try {
      await vi.waitFor(
        async () => {
          const [waiting] = await sqlRows<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query like '%offer_job_serve%'`,
          );
          expect(waiting!.n).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      const started = performance.now();
      const elsewhere = await buyTokens(t, outsider[0]!.who, open.id, 3);
      // A buyer already refunded by the first batch buys again elsewhere, too.
      const again = await buyTokens(t, buyers[0]!.who, open.id, 1);
      const ms = performance.now() - started;
      expectStatus(elsewhere, 201, 'purchase elsewhere during a batch');
      expectStatus(again, 201, 'purchase by a refunded buyer during a batch');
      expect(ms).toBeLessThan(2000);
      // The batch is still waiting: the purchases did not get through by its finishing.
      expect((await transfersOf(failing.id, 'refund')).rows).toHaveLength(2);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
    expect(await job).toEqual({ succeeded: [], failed: [failing.id] });

    const refunds = await transfersOf(failing.id, 'refund');
    expect(refunds.transactions).toBe(3);
    expect(refunds.rows.map((r) => [r.user_id, r.amount_cents, r.quantity])).toEqual(
      buyers.map((b, i) => [b.id, String((i + 1) * 100_00), i + 1]),
    );
    expect((await notified('offer_failed', failing.id)).map((n) => n.user_id)).toEqual(
      buyers.map((b) => b.id),
    );
    expect(await balanceOf(t.db, accounts.escrow(failing.id))).toBe(0n);
    expect(await queued(failing.id)).toBe(0);
    expect(await annualTotalsDrift(t.db)).toEqual([]);
    expect(await holdingValuesDrift(t.db)).toEqual([]);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('finishes after a crash between batches, refunding each buyer once', async () => {
    const buyers = await holders(5);
    const failing = await offerClosingToday(100_000_00n);
    for (const b of buyers) expectStatus(await buyTokens(t, b.who, failing.id, 2), 201, 'purchase');

    await expect(
      closeDueOffers(t.db, tomorrow(), { ...noWindow, ...dyingAfterFirstBatch() }),
    ).rejects.toThrow('killed between batches');
    // Decided and half served: the rest waits in the queue, each buyer's year still counting
    // what they have not yet been refunded.
    expect((await transfersOf(failing.id, 'refund')).rows).toHaveLength(2);
    expect(await queued(failing.id)).toBe(3);
    expect(await annualTotalsDrift(t.db)).toEqual([]);
    expect(await holdingValuesDrift(t.db)).toEqual([]);

    // The next run finds nothing to decide and serves what is left.
    expect(await closeDueOffers(t.db, tomorrow(), { ...noWindow, ...BATCH })).toEqual({
      succeeded: [],
      failed: [],
    });
    const refunds = await transfersOf(failing.id, 'refund');
    expect(refunds.rows.map((r) => r.user_id)).toEqual(buyers.map((b) => b.id));
    expect(refunds.rows.every((r) => r.amount_cents === '20000')).toBe(true);
    expect((await notified('offer_failed', failing.id)).map((n) => n.user_id)).toEqual(
      buyers.map((b) => b.id),
    );
    expect(await queued(failing.id)).toBe(0);
    expect(await balanceOf(t.db, accounts.escrow(failing.id))).toBe(0n);
    expect(await annualTotalsDrift(t.db)).toEqual([]);
    expect(await holdingValuesDrift(t.db)).toEqual([]);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });
});

describe('an offer that succeeds', () => {
  it('tells each holder once, in batches', async () => {
    const buyers = await holders(5);
    const winning = await offerClosingToday(1_00n);
    for (const b of buyers) expectStatus(await buyTokens(t, b.who, winning.id, 1), 201, 'purchase');
    await expect(
      closeDueOffers(t.db, tomorrow(), { ...noWindow, ...dyingAfterFirstBatch() }),
    ).rejects.toThrow('killed between batches');
    expect(await queued(winning.id)).toBe(3);
    expect(await closeDueOffers(t.db, tomorrow(), { ...noWindow, ...BATCH })).toEqual({
      succeeded: [],
      failed: [],
    });
    const told = await sqlRows<{ user_id: number; tx: string }>(
      t.db,
      sql`select user_id::int, xmin::text as tx from notifications
        where kind = 'offer_succeeded' and (data->>'token_id')::bigint = ${winning.id}
        order by user_id`,
    );
    expect(told.map((n) => n.user_id)).toEqual(buyers.map((b) => b.id));
    expect(new Set(told.map((n) => n.tx)).size).toBe(3);
    expect(await balanceOf(t.db, accounts.issuerPayable(winning.id))).toBe(500_00n);
  });
});

describe('an installment, paid in batches', () => {
  it('finishes after a crash between batches, paying each unit once', async () => {
    const owners = await holders(5);
    const token = await distributingToken(
      t,
      issuerId,
      owners.map((o, i) => ({ who: o.who, quantity: i + 1 })),
    );
    const payday = noonOf(token.firstDateInstallment);
    await expect(payDueInstallments(t.db, payday, dyingAfterFirstBatch())).rejects.toThrow(
      'killed between batches',
    );
    expect((await transfersOf(token.id, 'remuneration')).rows).toHaveLength(2);
    expect(await queued(token.id)).toBe(3);

    // Claimed once: the next run claims nothing and pays the rest.
    expect(await payDueInstallments(t.db, payday, BATCH)).toEqual([]);
    const paid = await transfersOf(token.id, 'remuneration');
    expect(paid.rows.map((r) => [r.user_id, r.quantity])).toEqual(
      owners.map((o, i) => [o.id, i + 1]),
    );
    const perUnit = BigInt(paid.rows[0]!.amount_cents);
    expect(paid.rows.every((r) => BigInt(r.amount_cents) === perUnit * BigInt(r.quantity))).toBe(
      true,
    );
    expect(paid.transactions).toBe(3);
    expect((await notified('installment_paid', token.id)).map((n) => n.user_id)).toEqual(
      owners.map((o) => o.id),
    );
    expect(await queued(token.id)).toBe(0);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('lets the board trade the token between batches, paying the parties their claim first', async () => {
    const owners = await holders(5);
    const token = await distributingToken(
      t,
      issuerId,
      owners.map((o) => ({ who: o.who, quantity: 4 })),
    );
    const [first, , , , last] = owners as [Holder, Holder, Holder, Holder, Holder];
    const listing = await listed(t, last.who, token.id, 4, '100.00');
    let traded = false;
    const paid = await payDueInstallments(t.db, noonOf(token.firstDateInstallment), {
      ...BATCH,
      afterBatch: async () => {
        if (traded) return;
        traded = true;
        // The last holder's remuneration is still queued; the first's was paid by batch one.
        expectStatus(await buyListing(t, first.who, listing, 4), 201, 'board purchase');
      },
    });
    expect(paid.map((p) => [p.installmentNumber, p.holders])).toEqual([[1, 5]]);
    const lines = await sqlRows<{ user_id: number; kind: string; quantity: number }>(
      t.db,
      sql`select user_id::int, kind, quantity::int from ledger_transfers
        where token_id = ${token.id} and kind in ('remuneration', 'market_sale', 'market_purchase')
        order by id`,
    );
    // Every holder paid for the 4 units held at the claim, once; the seller's payment is in the
    // ledger before the sale, made by the board purchase itself.
    const remunerations = lines.filter((l) => l.kind === 'remuneration');
    expect(remunerations.map((l) => l.user_id).sort((a, b) => a - b)).toEqual(
      owners.map((o) => o.id),
    );
    expect(remunerations.every((l) => l.quantity === 4)).toBe(true);
    const sellerPaid = lines.findIndex((l) => l.kind === 'remuneration' && l.user_id === last.id);
    const sale = lines.findIndex((l) => l.kind === 'market_sale');
    expect(sellerPaid).toBeGreaterThanOrEqual(0);
    expect(sellerPaid).toBeLessThan(sale);
    expect(await queued(token.id)).toBe(0);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });
});
