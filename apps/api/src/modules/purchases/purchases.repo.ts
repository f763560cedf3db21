import { tokenHoldings, type Database } from '@copaiba/db';
import { sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../lib/app-error.ts';
import { sqlRows } from '../../lib/sql-rows.ts';
import { isOverdraft } from '../ledger/ledger.ts';

const IDEMPOTENCY_PK = 'idempotent_requests_user_id_key_pk';

/** Adds units to a holding (the seed and the soak's setup; a purchase does it in buy_tokens). */
export async function addHolding(
  db: Database,
  userId: number,
  tokenId: number,
  quantity: number,
): Promise<void> {
  await db
    .insert(tokenHoldings)
    .values({ userId, tokenId, quantity })
    .onConflictDoUpdate({
      target: [tokenHoldings.userId, tokenHoldings.tokenId],
      set: { quantity: sql`${tokenHoldings.quantity} + ${quantity}`, updatedAt: new Date() },
    });
}

/** What an Idempotency-Key of a purchase is scoped to. */
export const buyEndpoint = (tokenId: number) => `buy-token/${tokenId}`;

export interface BuyRequest {
  userId: number;
  tokenId: number;
  quantity: number;
  /** São Paulo's date: an offer past its funding deadline sells nothing. */
  today: string;
  /** The ledger transfer's idempotency key. */
  transferKey: string;
  /** The `message` of the answer. */
  message: string;
  /** The request's Idempotency-Key, its endpoint and hash, when it sent one. */
  idempotency?: { key: string; endpoint: string; hash: string };
}

export type BuyOutcome =
  | { outcome: 'bought' | 'replay'; status: number; body: unknown }
  | { outcome: 'key_reused' | 'not_found' | 'not_funding' }
  /** The wallet's balance is short. */
  | { outcome: 'insufficient' }
  /** A concurrent request with the same Idempotency-Key committed first. */
  | { outcome: 'key_race' }
  | { outcome: 'sold_out'; unitsLeft: number };

interface Row {
  outcome: string;
  status: number;
  body: unknown;
  units_left: string | number | bigint | null;
}

const toOutcome = (row: Row): BuyOutcome =>
  row.outcome === 'sold_out'
    ? { outcome: 'sold_out', unitsLeft: Number(row.units_left) }
    : (row as BuyOutcome);

/**
 * The whole purchase in one statement and one round trip: the database's buy_tokens (migration
 * 0008), which holds the hot rows' locks (the offer's escrow and the token) only at its end.
 */
export async function buyTokens(db: Database, r: BuyRequest): Promise<BuyOutcome> {
  const idem = r.idempotency;
  try {
    const rows = await sqlRows<Row>(
      db,
      sql`select * from buy_tokens(${r.userId}::bigint, ${r.tokenId}::bigint, ${r.quantity}::bigint,
        ${r.today}::date, ${r.transferKey}::text, ${r.message}::text, ${idem?.key ?? null}::text,
        ${idem?.endpoint ?? null}::text, ${idem?.hash ?? null}::text)`,
    );
    return toOutcome(rows[0]!);
  } catch (err) {
    // buy_tokens rolled back: these are the refusals buy_tokens_batch answers per item.
    const e = err as { code?: string; detail?: string; cause?: { code?: string; detail?: string } };
    const pg = e?.code ? e : e?.cause;
    if (pg?.code === 'CP001') return { outcome: 'sold_out', unitsLeft: Number(pg.detail) };
    if (pg?.code === 'CP002') return { outcome: 'not_funding' };
    if (isOverdraft(err)) return { outcome: 'insufficient' };
    if (isUniqueViolation(err, IDEMPOTENCY_PK)) return { outcome: 'key_race' };
    throw err;
  }
}

/**
 * Purchases of one offer on one São Paulo date in one transaction (buy_tokens_batch, migration
 * 0010): one outcome per request, in order, each as buyTokens would have answered it alone.
 */
export async function buyTokensBatch(db: Database, requests: BuyRequest[]): Promise<BuyOutcome[]> {
  const [first] = requests;
  if (!first) return [];
  // One array parameter per column (a bare array would be spread into a list).
  const column = <T>(pick: (r: BuyRequest) => T) => sql.param(requests.map(pick));
  const rows = await sqlRows<Row>(
    db,
    sql`select * from buy_tokens_batch(${first.tokenId}::bigint, ${first.today}::date,
      ${first.message}::text, ${buyEndpoint(first.tokenId)}::text,
      ${column((r) => r.userId)}::bigint[], ${column((r) => r.quantity)}::bigint[],
      ${column((r) => r.transferKey)}::text[], ${column((r) => r.idempotency?.key ?? null)}::text[],
      ${column((r) => r.idempotency?.hash ?? null)}::text[])`,
  );
  return rows.map(toOutcome);
}
