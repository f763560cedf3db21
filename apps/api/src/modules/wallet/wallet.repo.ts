import {
  chainJobs,
  chainJobTransfers,
  ledgerTransfers,
  pixCharges,
  tokenHoldings,
  tokens,
  type Database,
} from '@copaiba/db';
import { paidInstallmentsOf } from '../catalogue/catalogue.repo.ts';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  or,
  sql,
} from 'drizzle-orm';

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
export async function withdrawnSince(db: Database, userId: number, since: Date): Promise<bigint> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(case when ${ledgerTransfers.kind} = 'withdrawal' then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end), 0)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.userId, userId),
        inArray(ledgerTransfers.kind, ['withdrawal', 'withdrawal_reversal']),
        gte(ledgerTransfers.createdAt, since),
      ),
    );
  return BigInt(row?.total ?? 0);
}

/** Units held × unit price, over every token the user holds. */
export async function holdingsValue(db: Database, userId: number): Promise<bigint> {
  const [row] = await db
    .select({ total: sumCents(sql`${tokenHoldings.quantity} * ${tokens.unitPriceCents}`) })
    .from(tokenHoldings)
    .innerJoin(tokens, eq(tokens.id, tokenHoldings.tokenId))
    .where(eq(tokenHoldings.userId, userId));
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

const STATEMENT_KINDS = {
  todos: ['deposit', 'withdrawal', 'withdrawal_reversal', 'purchase', 'refund', 'remuneration'],
  remuneracao: ['remuneration'],
  deposito: ['deposit'],
  saque: ['withdrawal', 'withdrawal_reversal'],
  comprados: ['purchase'],
} as const;

/** The user's own movements, newest first, with the token's name and their chain transaction. */
export async function statement(
  db: Database,
  userId: number,
  filter: keyof typeof STATEMENT_KINDS,
  options: { offset: number; limit: number },
) {
  const where = and(
    eq(ledgerTransfers.userId, userId),
    inArray(ledgerTransfers.kind, [...STATEMENT_KINDS[filter]]),
  );
  const [total] = await db.select({ n: count() }).from(ledgerTransfers).where(where);
  const rows = await db
    .select({
      transfer: {
        ...getTableColumns(ledgerTransfers),
        chainStatus: chainJobs.status,
        chainTxUrl: chainJobs.txUrl,
      },
      tokenName: tokens.name,
    })
    .from(ledgerTransfers)
    .leftJoin(tokens, eq(tokens.id, ledgerTransfers.tokenId))
    .leftJoin(chainJobTransfers, eq(chainJobTransfers.transferId, ledgerTransfers.id))
    .leftJoin(chainJobs, eq(chainJobs.id, chainJobTransfers.jobId))
    .where(where)
    .orderBy(desc(ledgerTransfers.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

/** Holdings with their token, optionally matching a search on name or symbol. */
export async function holdings(
  db: Database,
  userId: number,
  search: string | null,
  options: { offset: number; limit: number },
) {
  const mine = and(
    eq(tokenHoldings.userId, userId),
    gt(tokenHoldings.quantity, 0),
    search
      ? or(
          ilike(tokens.name, `%${escapeLike(search)}%`),
          ilike(tokens.symbol, `%${escapeLike(search)}%`),
        )
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(tokenHoldings)
    .innerJoin(tokens, eq(tokens.id, tokenHoldings.tokenId))
    .where(mine);
  const rows = await db
    .select({
      holding: tokenHoldings,
      token: tokens,
      remuneration: sql<string>`coalesce((select sum(${ledgerTransfers.amountCents}) from ${ledgerTransfers}
        where ${ledgerTransfers.userId} = ${userId} and ${ledgerTransfers.tokenId} = ${tokens.id}
        and ${ledgerTransfers.kind} = 'remuneration'), 0)`,
      installmentsPaid: paidInstallmentsOf(tokens.id),
    })
    .from(tokenHoldings)
    .innerJoin(tokens, eq(tokens.id, tokenHoldings.tokenId))
    .where(mine)
    .orderBy(desc(tokenHoldings.updatedAt))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
