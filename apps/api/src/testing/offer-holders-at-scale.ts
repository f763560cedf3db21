import type { Database } from '@copaiba/db';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../lib/sql-rows.ts';

export interface GeneratedHolders {
  /** The new investors' ids, in order. */
  userIds: number[];
}

/**
 * `holders` new investors, each with a wallet funded by a Pix deposit of `depositCents` and
 * `quantity` units of the funding offer `tokenId` bought from it: the money through
 * ledger_transfer (pix_clearing → wallet → the offer's escrow), the holding, the year's total and
 * the offer's figures as a purchase leaves them (purchases.sql), with SQL (generate_series) in
 * transactions of CHUNK holders, not through the API. For the offer jobs at scale: a closing or a
 * payout with ten thousand holders (docs/PERFORMANCE.md). No chain jobs are written (CHAIN_MODE
 * off); `prefix` keeps the e-mails of several calls apart.
 */
export async function generateOfferHolders(
  db: Database,
  {
    tokenId,
    holders,
    quantity = 1,
    depositCents = 10_000_00n,
    prefix = `scale-${tokenId}`,
  }: {
    tokenId: number;
    holders: number;
    quantity?: number;
    depositCents?: bigint;
    prefix?: string;
  },
): Promise<GeneratedHolders> {
  const userIds: number[] = [];
  for (let from = 0; from < holders; from += CHUNK) {
    const n = Math.min(CHUNK, holders - from);
    userIds.push(
      ...(await db.transaction((tx) =>
        generateChunk(tx, { tokenId, quantity, depositCents, prefix, from, n }),
      )),
    );
  }
  return { userIds };
}

/**
 * Holders per transaction: each moves the same pix_clearing and escrow rows once per holder, and
 * a row updated thousands of times in one transaction is read along its whole chain of versions.
 */
const CHUNK = 500;

async function generateChunk(
  tx: Database,
  args: {
    tokenId: number;
    quantity: number;
    depositCents: bigint;
    prefix: string;
    from: number;
    n: number;
  },
): Promise<number[]> {
  const { tokenId, quantity, depositCents, prefix, from, n } = args;
  const created = await sqlRows<{ id: number }>(
    tx,
    sql`insert into users (email, name, password_hash, is_confirmed_email)
      select ${prefix} || '.' || g || '@example.com', 'Investidor ' || g, '!', true
      from generate_series(${from + 1}::int, ${from + n}::int) g
      returning id::int`,
  );
  const ids = created.map((u) => u.id).sort((a, b) => a - b);
  const idArray = `{${ids.join(',')}}`;
  await tx.execute(sql`
    with buyer as (select unnest(${idArray}::bigint[]) as id),
      price as (select unit_price_cents * ${quantity}::bigint as cents from tokens
        where id = ${tokenId}::bigint)
    select
      ledger_transfer(${prefix} || ':deposit:' || b.id, 'deposit',
        'pix_clearing', 'pix_clearing', NULL, NULL, 'wallet:' || b.id, 'wallet', b.id, NULL,
        ${depositCents}::bigint, b.id, NULL, NULL, NULL),
      ledger_transfer(${prefix} || ':purchase:' || b.id, 'purchase',
        'wallet:' || b.id, 'wallet', b.id, NULL,
        'escrow:' || ${tokenId}::bigint, 'offer_escrow', NULL, ${tokenId}::bigint,
        p.cents, b.id, ${tokenId}::bigint, ${quantity}::bigint, NULL),
      count_annual_investment(b.id, now(), p.cents)
    from buyer b cross join price p
    order by b.id`);
  await tx.execute(sql`
    insert into token_holdings (user_id, token_id, quantity)
    select unnest(${idArray}::bigint[]), ${tokenId}::bigint, ${quantity}::bigint`);
  await tx.execute(sql`
    update tokens t set units_sold = t.units_sold + ${n * quantity}::bigint,
      amount_capitated_cents = t.amount_capitated_cents
        + t.unit_price_cents * ${n * quantity}::bigint,
      buyers = t.buyers + ${n}::int, last_purchase_at = now()
    where t.id = ${tokenId}::bigint`);
  return ids;
}

export interface PurchasesMeanwhile {
  /** Purchases completed. */
  count: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Runs `job` (or, without one, waits `idleSeconds`) while `workers` connections buy one unit of
 * the open offer `openTokenId` at a time, each purchase by one of `buyers` in turn, through the
 * database's buy_tokens_batch as the API calls it: how long the job took and the purchases'
 * latencies meanwhile (docs/PERFORMANCE.md, the offer jobs at scale).
 */
export async function purchasesDuring(
  db: Database,
  {
    openTokenId,
    buyers,
    workers = 4,
    today,
    idleSeconds = 5,
  }: {
    openTokenId: number;
    buyers: number[];
    workers?: number;
    today: string;
    idleSeconds?: number;
  },
  job?: () => Promise<unknown>,
): Promise<{ seconds: number; purchases: PurchasesMeanwhile }> {
  const latencies: number[] = [];
  let running = true;
  let next = 0;
  const worker = async () => {
    while (running) {
      const userId = buyers[next++ % buyers.length]!;
      const started = performance.now();
      await db.execute(sql`select outcome from buy_tokens_batch(${openTokenId}::bigint,
        ${today}::date, 1000000000000::bigint, 'scale'::text, 201,
        array[${userId}]::bigint[], array[1]::bigint[],
        array[${`scale-buy:${openTokenId}:${userId}:${next}:${Math.random()}`}]::text[],
        array[null]::text[], array[null]::text[], array['{}']::jsonb[])`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  const pool = Array.from({ length: workers }, worker);
  try {
    if (job) await job();
    else await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  } finally {
    running = false;
    await Promise.all(pool);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    seconds,
    purchases: { count: latencies.length, p50Ms: at(0.5), p99Ms: at(0.99) },
  };
}
