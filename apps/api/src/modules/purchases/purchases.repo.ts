import { centsToDecimal } from '@copaiba/contracts';
import {
  ledgerStatementCounts,
  ledgerTransfers,
  tokenHoldings,
  tokens,
  type Database,
} from '@copaiba/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { countOfPage } from '../../lib/pagination.ts';
import { sqlRows } from '../../lib/sql-rows.ts';

/**
 * Adds units to a holding and their worth at the unit price to the holder's (holding-values.sql):
 * the seed and the soak's setup; a purchase does both in buy_tokens.
 */
export async function addHolding(
  db: Database,
  holding: { userId: number; tokenId: number; quantity: number; worthCents: bigint },
): Promise<void> {
  const { userId, tokenId, quantity, worthCents } = holding;
  const [held] = await db
    .insert(tokenHoldings)
    .values({ userId, tokenId, quantity })
    .onConflictDoUpdate({
      target: [tokenHoldings.userId, tokenHoldings.tokenId],
      set: { quantity: sql`${tokenHoldings.quantity} + ${quantity}`, updatedAt: new Date() },
    })
    .returning({ quantity: tokenHoldings.quantity });
  // A holding that had no units before these opens one more token held.
  const opened = held?.quantity === quantity ? 1 : 0;
  await db.execute(sql`select holding_value_add(${userId}, ${worthCents}, ${opened})`);
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
  /** The price passes what is left of the buyer's annual limit (docs/product.md §15). */
  | { outcome: 'above_annual_limit'; availableCents: bigint }
  /** A concurrent request with the same Idempotency-Key committed first. */
  | { outcome: 'key_race' }
  | { outcome: 'sold_out'; unitsLeft: number };

interface Row {
  outcome: BuyOutcome['outcome'];
  units_left: string | number | null;
  available_cents: string | number | null;
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
  return {
    message: answer.message,
    token_id: answer.token_id,
    quantity: answer.quantity,
    total: centsToDecimal(BigInt(answer.total_cents)),
  };
};

const toOutcome = (row: Row): BuyOutcome => {
  switch (row.outcome) {
    case 'bought':
    case 'replay':
      return { outcome: row.outcome, status: row.answer_status!, body: toBody(row.answer!) };
    case 'sold_out':
      return { outcome: 'sold_out', unitsLeft: Number(row.units_left) };
    case 'above_annual_limit':
      return { outcome: row.outcome, availableCents: BigInt(row.available_cents!) };
    default:
      return { outcome: row.outcome };
  }
};

/**
 * Purchases of one offer on one São Paulo date, in one transaction and one round trip (the
 * database's buy_tokens_batch: packages/db/src/sql/purchases.sql says what happens, in order): one
 * outcome per request, in order, each as it would have been alone. A lone purchase is a batch of
 * one. `defaultAnnualLimitCents` is ANNUAL_INVESTMENT_LIMIT.
 */
export async function buyTokensBatch(
  db: Database,
  requests: BuyRequest[],
  defaultAnnualLimitCents: bigint,
): Promise<BuyOutcome[]> {
  const [first] = requests;
  if (!first) return [];
  // One array parameter per column (a bare array would be spread into a list).
  const column = <T>(pick: (r: BuyRequest) => T) => sql.param(requests.map(pick));
  const rows = await sqlRows<Row>(
    db,
    sql`select * from buy_tokens_batch(${first.tokenId}::bigint, ${first.today}::date,
      ${defaultAnnualLimitCents}::bigint, ${buyEndpoint(first.tokenId)}::text, ${BOUGHT_STATUS}::integer,
      ${column((r) => r.userId)}::bigint[], ${column((r) => r.quantity)}::bigint[],
      ${column((r) => r.transferKey)}::text[], ${column((r) => r.idempotency?.key ?? null)}::text[],
      ${column((r) => r.idempotency?.hash ?? null)}::text[],
      ${column((r) => JSON.stringify({ message: r.message, token_id: r.tokenId, quantity: r.quantity }))}::jsonb[])`,
  );
  return rows.map(toOutcome);
}

/** What the database's undo_purchase answered (packages/db/src/sql/desistencias.sql). */
export type UndoOutcome =
  | { outcome: 'undone' | 'replay' | 'not_found' | 'offer_closed' }
  | { outcome: 'window_over'; until: Date };

/** Undoes the user's purchase `purchaseId` if `now` is within `windowHours` of it, in one statement. */
export async function undoPurchase(
  db: Database,
  userId: number,
  purchaseId: number,
  now: Date,
  windowHours: number,
): Promise<UndoOutcome> {
  const [row] = await sqlRows<{
    outcome: Exclude<UndoOutcome['outcome'], 'window_over'> | 'window_over';
    until: Date | string | null;
  }>(
    db,
    sql`select * from undo_purchase(${userId}::bigint, ${purchaseId}::bigint,
      ${now.toISOString()}::timestamptz, make_interval(hours => ${windowHours}::integer))`,
  );
  const { outcome, until } = row!;
  return outcome === 'window_over' ? { outcome, until: new Date(until!) } : { outcome };
}

/**
 * 'Minhas compras' (on /wallet): a page of the user's purchases, newest first, prepared once per
 * database handle as the wallet's hot reads are, each row carrying how many there are from the
 * user's kept count of purchases (ledger_statement_counts, kept by ledger_transfer), however long
 * the history (docs/PERFORMANCE.md, "Queries: indexes and N+1").
 */
export function createPurchaseReads(db: Database) {
  const userId = sql.placeholder('userId');
  const counted = db
    .select({ n: sql<string>`coalesce(sum(${ledgerStatementCounts.transfers}), 0)` })
    .from(ledgerStatementCounts)
    .where(
      and(eq(ledgerStatementCounts.userId, userId), eq(ledgerStatementCounts.kind, 'purchase')),
    );
  // The page first, then whether each of its rows was undone: asked of the whole history, the
  // planner would rather hash every transfer's key than look up each row's (query-plans.ts).
  const newest = db
    .select({
      id: ledgerTransfers.id,
      tokenId: ledgerTransfers.tokenId,
      quantity: ledgerTransfers.quantity,
      amountCents: ledgerTransfers.amountCents,
      createdAt: ledgerTransfers.createdAt,
    })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.userId, userId), eq(ledgerTransfers.kind, 'purchase')))
    .orderBy(desc(ledgerTransfers.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('newest');
  const page = db
    .select({
      id: newest.id,
      tokenId: newest.tokenId,
      tokenName: tokens.name,
      offerStatus: tokens.offerStatus,
      quantity: newest.quantity,
      amountCents: newest.amountCents,
      createdAt: newest.createdAt,
      undone: sql<boolean>`exists (select 1 from ${ledgerTransfers} d
        where d.idempotency_key = desistencia_key(${newest.id}))`,
      total: sql`${counted}`.mapWith(Number),
    })
    .from(newest)
    .innerJoin(tokens, eq(tokens.id, newest.tokenId))
    .orderBy(desc(newest.id))
    .prepare('wallet_purchases');
  const total = counted.prepare('wallet_purchases_count');

  return {
    async purchasesOf(user: number, options: { offset: number; limit: number }) {
      const rows = await page.execute({ userId: user, ...options });
      const count = await countOfPage(
        rows,
        options.offset,
        async () => (await total.execute({ userId: user }))[0]?.n,
      );
      return { count, rows };
    },
  };
}

/** Adds a purchase written as history to its buyer's total of its year, `at`'s or now's (investor.sql). */
export async function countAnnualInvestment(
  db: Database,
  userId: number,
  amountCents: bigint,
  at?: Date,
) {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await db.execute(
    sql`select count_annual_investment(${userId}::bigint, ${when}, ${amountCents}::bigint)`,
  );
}
