import { STATEMENT_FILTERS, type StatementFilter } from '@copaiba/contracts';
import {
  chainJobs,
  chainJobTransfers,
  holdingValues,
  ledgerAccounts,
  ledgerStatementCounts,
  ledgerTransfers,
  pixCharges,
  tokenHoldings,
  tokens,
  users,
  type Database,
  type TransferKind,
} from '@copaiba/db';
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  or,
  sql,
  type Placeholder,
} from 'drizzle-orm';
import { countOfPage } from '../../lib/pagination.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from '../ledger/ledger.ts';

const sumCents = (column: unknown) => sql<string>`coalesce(sum(${column}), 0)`;

/** Deposits credited since `since`, and charges still open since then. */
export async function depositsSince(db: Database, userId: number, since: Date, now: Date) {
  const [paid] = await db
    .select({ total: sumCents(pixCharges.amountCents) })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.userId, userId),
        eq(pixCharges.status, 'paid'),
        gte(pixCharges.paidAt, since),
      ),
    );
  const [open] = await db
    .select({ total: sumCents(pixCharges.amountCents) })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.userId, userId),
        eq(pixCharges.status, 'pending'),
        gt(pixCharges.expiresAt, now),
        gte(pixCharges.createdAt, since),
      ),
    );
  return { paid: BigInt(paid?.total ?? 0), open: BigInt(open?.total ?? 0) };
}

/** Withdrawn since `since`, net of reversed (failed) payouts. */
const withdrawnTotal = (db: Database, userId: number | Placeholder, since: Date | Placeholder) =>
  db
    .select({
      total: sql<string>`coalesce(sum(case when ${ledgerTransfers.kind} = 'withdrawal' then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end), 0)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.userId, userId),
        // Literal, not parameters: a prepared plan may then use the partial index of withdrawals.
        sql`${ledgerTransfers.kind} in ('withdrawal', 'withdrawal_reversal')`,
        gte(ledgerTransfers.createdAt, since),
      ),
    );

export async function withdrawnSince(db: Database, userId: number, since: Date): Promise<bigint> {
  const [row] = await withdrawnTotal(db, userId, since);
  return BigInt(row?.total ?? 0);
}

export async function insertCharge(
  db: Database,
  charge: typeof pixCharges.$inferInsert,
): Promise<void> {
  await db.insert(pixCharges).values(charge);
}

export async function lockCharge(db: Database, txid: string) {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid)).for('update');
  return row;
}

export async function findCharge(db: Database, txid: string) {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
  return row;
}

export async function markChargePaid(
  db: Database,
  txid: string,
  endToEndId: string,
  at: Date,
): Promise<void> {
  await db
    .update(pixCharges)
    .set({ status: 'paid', endToEndId, paidAt: at })
    .where(eq(pixCharges.txid, txid));
}

const STATEMENT_KINDS: Record<StatementFilter, readonly TransferKind[]> = {
  todos: [
    'deposit',
    'withdrawal',
    'withdrawal_reversal',
    'purchase',
    'desistencia',
    'refund',
    'remuneration',
    'market_purchase',
    'market_sale',
    'market_fee',
  ],
  remuneracao: ['remuneration'],
  deposito: ['deposit'],
  saque: ['withdrawal', 'withdrawal_reversal'],
  // Units bought, on an offer or on the board (docs/product.md §18).
  comprados: ['purchase', 'market_purchase'],
};

/**
 * The wallet's hot reads, each one statement prepared once per database handle: on PostgreSQL a
 * named statement, parsed and planned once per pooled connection, with no query building per
 * request. Reads only: a transaction must use the functions above.
 */
export function createWalletReads(db: Database) {
  const userId = sql.placeholder('userId');

  // Balance, holdings at unit price and this month's net withdrawals, from one snapshot.
  const balance = db
    .select({
      balance: sql<string | null>`${db
        .select({ cents: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, sql.placeholder('walletCode')))}`,
      // One row however many tokens the investor holds (holding-values.sql).
      holdings: sql<string | null>`${db
        .select({ cents: holdingValues.valueCents })
        .from(holdingValues)
        .where(eq(holdingValues.userId, userId))}`,
      withdrawn: sql<string>`${withdrawnTotal(db, userId, sql.placeholder('since'))}`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('wallet_balance');

  // A page of movements, each row also carrying how many there are in all: the sum of the user's
  // counts per kind (ledger_statement_counts, kept by ledger_transfer), however long the history.
  const statements = new Map(
    STATEMENT_FILTERS.map((filter) => {
      const kinds = [...STATEMENT_KINDS[filter]];
      const where = and(eq(ledgerTransfers.userId, userId), inArray(ledgerTransfers.kind, kinds));
      const counted = db
        .select({ n: sql<string>`coalesce(sum(${ledgerStatementCounts.transfers}), 0)` })
        .from(ledgerStatementCounts)
        .where(
          and(eq(ledgerStatementCounts.userId, userId), inArray(ledgerStatementCounts.kind, kinds)),
        );
      const page = db
        .select({
          transfer: {
            id: ledgerTransfers.id,
            kind: ledgerTransfers.kind,
            amountCents: ledgerTransfers.amountCents,
            quantity: ledgerTransfers.quantity,
            createdAt: ledgerTransfers.createdAt,
            chainStatus: chainJobs.status,
            chainTxUrl: chainJobs.txUrl,
          },
          tokenName: tokens.name,
          total: sql`${counted}`.mapWith(Number),
        })
        .from(ledgerTransfers)
        .leftJoin(tokens, eq(tokens.id, ledgerTransfers.tokenId))
        .leftJoin(chainJobTransfers, eq(chainJobTransfers.transferId, ledgerTransfers.id))
        .leftJoin(chainJobs, eq(chainJobs.id, chainJobTransfers.jobId))
        .where(where)
        .orderBy(desc(ledgerTransfers.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`wallet_statement_${filter}`);
      const total = counted.prepare(`wallet_statement_count_${filter}`);
      return [filter, { page, total }] as const;
    }),
  );

  // 'Meus Ativos' without a search: a page of holdings, each row also carrying how many in all.
  // The page comes from token_holdings_newest_idx alone and its count from the holder's
  // holding_values row, and only the page's rows are joined to their tokens: an investor with 200
  // holdings reads 6 index entries and 6 tokens, not 200 rows (docs/PERFORMANCE.md).
  const newest = db
    .select({
      tokenId: tokenHoldings.tokenId,
      quantity: tokenHoldings.quantity,
      reserved: tokenHoldings.reserved,
      updatedAt: tokenHoldings.updatedAt,
    })
    .from(tokenHoldings)
    .where(and(eq(tokenHoldings.userId, userId), gt(tokenHoldings.quantity, 0)))
    .orderBy(desc(tokenHoldings.updatedAt))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('newest');
  const heldCount = db
    .select({ n: holdingValues.holdings })
    .from(holdingValues)
    .where(eq(holdingValues.userId, userId));
  const holdingsPage = db
    .select({
      ...holdingColumns(userId, newest),
      total: sql`${heldCount}`.mapWith(Number),
    })
    .from(newest)
    .innerJoin(tokens, eq(tokens.id, newest.tokenId))
    .orderBy(desc(newest.updatedAt))
    .prepare('wallet_holdings');
  const holdingsTotal = heldCount.prepare('wallet_holdings_count');

  return {
    /** The user's holdings, newest first, with their token (the search is `holdings` below). */
    async holdings(user: number, options: { offset: number; limit: number }) {
      const rows = await holdingsPage.execute({ userId: user, ...options });
      const count = await countOfPage(
        rows,
        options.offset,
        async () => (await holdingsTotal.execute({ userId: user }))[0]?.n,
      );
      return { count, rows };
    },

    async balance(user: number, monthStart: Date) {
      const [row] = await balance.execute({
        userId: user,
        walletCode: accounts.wallet(user).code,
        since: monthStart,
      });
      return {
        balance: BigInt(row?.balance ?? 0),
        holdings: BigInt(row?.holdings ?? 0),
        withdrawn: BigInt(row?.withdrawn ?? 0),
      };
    },

    /** The user's own movements, newest first, with the token's name and their chain transaction. */
    async statement(
      user: number,
      filter: StatementFilter,
      options: { offset: number; limit: number },
    ) {
      const queries = statements.get(filter)!;
      const rows = await queries.page.execute({ userId: user, ...options });
      const count = await countOfPage(
        rows,
        options.offset,
        async () => (await queries.total.execute({ userId: user }))[0]?.n,
      );
      return { count, rows };
    },
  };
}

export type WalletReads = ReturnType<typeof createWalletReads>;

/** A holding's row for 'Meus Ativos': the holding, its token, what it paid the user, installments paid. */
function holdingColumns(
  userId: number | Placeholder,
  holding: {
    quantity: AnyPgColumn<{ data: number; notNull: true }>;
    reserved: AnyPgColumn<{ data: number; notNull: true }>;
  },
) {
  return {
    // Only what the row shows (holdings-presenter.ts): a token row's texts and terms would be
    // read, sent and parsed for every line of the page.
    holding: { quantity: holding.quantity, reserved: holding.reserved },
    token: {
      id: tokens.id,
      name: tokens.name,
      symbol: tokens.symbol,
      unitPriceCents: tokens.unitPriceCents,
      offerStatus: tokens.offerStatus,
      installments: tokens.installments,
      firstDateInstallment: tokens.firstDateInstallment,
    },
    remuneration: sql<string>`coalesce((select sum(${ledgerTransfers.amountCents}) from ${ledgerTransfers}
      where ${ledgerTransfers.userId} = ${userId} and ${ledgerTransfers.tokenId} = ${tokens.id}
      and ${ledgerTransfers.kind} = 'remuneration'), 0)`,
    installmentsPaid: sql<number>`(select paid from token_installments_paid(${tokens.id}))`.mapWith(
      Number,
    ),
  };
}

/** Holdings with their token matching a search on name or symbol (without one: createWalletReads). */
export async function holdings(
  db: Database,
  userId: number,
  search: string,
  options: { offset: number; limit: number },
) {
  const mine = and(
    eq(tokenHoldings.userId, userId),
    gt(tokenHoldings.quantity, 0),
    or(
      ilike(tokens.name, `%${escapeLike(search)}%`),
      ilike(tokens.symbol, `%${escapeLike(search)}%`),
    ),
  );
  const [total] = await db
    .select({ n: count() })
    .from(tokenHoldings)
    .innerJoin(tokens, eq(tokens.id, tokenHoldings.tokenId))
    .where(mine);
  const rows = await db
    .select(holdingColumns(userId, tokenHoldings))
    .from(tokenHoldings)
    .innerJoin(tokens, eq(tokens.id, tokenHoldings.tokenId))
    .where(mine)
    .orderBy(desc(tokenHoldings.updatedAt))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
