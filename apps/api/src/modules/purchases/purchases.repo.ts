import { centsToDecimal } from '@copaiba/contracts';
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

/** What an Idempotency-Key of a purchase is scoped to. */
export const buyEndpoint = (tokenId: number) => `buy-token/${tokenId}`;

/** The status of a purchase's answer, stored with it for a retry of its Idempotency-Key. */
const BOUGHT_STATUS = 201;

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

/** What the database answered for one purchase (packages/db/src/sql/purchases.sql). */
export type BuyOutcome =
  | { outcome: 'bought' | 'replay'; status: number; body: unknown }
  | { outcome: 'key_reused' | 'not_found' | 'not_funding' }
  /** The wallet's balance is short. */
  | { outcome: 'insufficient' }
  /** A concurrent request with the same Idempotency-Key committed first. */
  | { outcome: 'key_race' }
  | { outcome: 'sold_out'; unitsLeft: number };

interface Row {
  outcome: BuyOutcome['outcome'];
  units_left: string | number | null;
  answer_status: number | null;
  answer: StoredAnswer | null;
}

/** The answer as stored: the database adds the price in centavos, which the API formats. */
type StoredAnswer = { message: string; token_id: number; quantity: number } & (
  | { total_cents: number | string }
  /** Stored before the database answered centavos (its own formatting). */
  | { total: string }
);

const toBody = (answer: StoredAnswer) => {
  if (!('total_cents' in answer)) return answer;
  const { total_cents, ...rest } = answer;
  return { ...rest, total: centsToDecimal(BigInt(total_cents)) };
};

const toOutcome = (row: Row): BuyOutcome => {
  switch (row.outcome) {
    case 'bought':
    case 'replay':
      return { outcome: row.outcome, status: row.answer_status!, body: toBody(row.answer!) };
    case 'sold_out':
      return { outcome: 'sold_out', unitsLeft: Number(row.units_left) };
    default:
      return { outcome: row.outcome };
  }
};

/**
 * Purchases of one offer on one São Paulo date, in one transaction and one round trip (the
 * database's buy_tokens_batch: packages/db/src/sql/purchases.sql says what happens, in order): one
 * outcome per request, in order, each as it would have been alone. A lone purchase is a batch of
 * one.
 */
export async function buyTokensBatch(db: Database, requests: BuyRequest[]): Promise<BuyOutcome[]> {
  const [first] = requests;
  if (!first) return [];
  // One array parameter per column (a bare array would be spread into a list).
  const column = <T>(pick: (r: BuyRequest) => T) => sql.param(requests.map(pick));
  const rows = await sqlRows<Row>(
    db,
    sql`select * from buy_tokens_batch(${first.tokenId}::bigint, ${first.today}::date,
      ${buyEndpoint(first.tokenId)}::text, ${BOUGHT_STATUS}::integer,
      ${column((r) => r.userId)}::bigint[], ${column((r) => r.quantity)}::bigint[],
      ${column((r) => r.transferKey)}::text[], ${column((r) => r.idempotency?.key ?? null)}::text[],
      ${column((r) => r.idempotency?.hash ?? null)}::text[],
      ${column((r) => JSON.stringify({ message: r.message, token_id: r.tokenId, quantity: r.quantity }))}::jsonb[])`,
  );
  return rows.map(toOutcome);
}
