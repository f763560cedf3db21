import { tokenHoldings, type Database } from '@copaiba/db';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../lib/sql-rows.ts';

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
  | { outcome: 'sold_out'; unitsLeft: number };

interface Row {
  outcome: string;
  status: number;
  body: unknown;
  units_left: string | number | bigint | null;
}

/**
 * The whole purchase in one statement and one round trip: the database's buy_tokens (migration
 * 0008), which holds the hot rows' locks (the offer's escrow and the token) only at its end.
 * Throws the ledger's overdraft error.
 */
export async function buyTokens(db: Database, r: BuyRequest): Promise<BuyOutcome> {
  const idem = r.idempotency;
  let rows: Row[];
  try {
    rows = await sqlRows<Row>(
      db,
      sql`select * from buy_tokens(${r.userId}::bigint, ${r.tokenId}::bigint, ${r.quantity}::bigint,
        ${r.today}::date, ${r.transferKey}::text, ${r.message}::text, ${idem?.key ?? null}::text,
        ${idem?.endpoint ?? null}::text, ${idem?.hash ?? null}::text)`,
    );
  } catch (err) {
    // buy_tokens rolled back: the units, or the offer, went away while it ran.
    const e = err as { code?: string; detail?: string; cause?: { code?: string; detail?: string } };
    const pg = e?.code ? e : e?.cause;
    if (pg?.code === 'CP001') return { outcome: 'sold_out', unitsLeft: Number(pg.detail) };
    if (pg?.code === 'CP002') return { outcome: 'not_funding' };
    throw err;
  }
  const row = rows[0]!;
  if (row.outcome === 'sold_out') return { outcome: 'sold_out', unitsLeft: Number(row.units_left) };
  return row as BuyOutcome;
}
