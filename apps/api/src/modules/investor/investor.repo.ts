import { investorDeclarations, type Database } from '@copaiba/db';
import { desc, eq, sql } from 'drizzle-orm';
import { sqlRows } from '../../lib/sql-rows.ts';

export async function insertDeclaration(
  db: Database,
  declaration: typeof investorDeclarations.$inferInsert,
): Promise<void> {
  await db.insert(investorDeclarations).values(declaration);
}

export async function latestDeclaration(db: Database, userId: number) {
  const [row] = await db
    .select()
    .from(investorDeclarations)
    .where(eq(investorDeclarations.userId, userId))
    .orderBy(desc(investorDeclarations.id))
    .limit(1);
  return row;
}

/** Every declaration of the user, oldest first (the LGPD export). */
export function declarationsOf(db: Database, userId: number) {
  return db
    .select()
    .from(investorDeclarations)
    .where(eq(investorDeclarations.userId, userId))
    .orderBy(investorDeclarations.id);
}

export interface AnnualLimit {
  /** Null: no limit (a qualified investor). */
  limitCents: bigint | null;
  investedCents: bigint;
  investedElsewhereCents: bigint;
  remainingCents: bigint | null;
}

type Cents = string | number | null;

/** The database's investor_annual_limit for `at`'s São Paulo year (packages/db/src/sql/investor.sql). */
export async function annualLimit(
  db: Database,
  userId: number,
  at: Date,
  defaultLimitCents: bigint,
): Promise<AnnualLimit> {
  const [row] = await sqlRows<{
    annual_limit_cents: Cents;
    invested_cents: Cents;
    invested_elsewhere_cents: Cents;
    remaining_cents: Cents;
  }>(
    db,
    sql`select * from investor_annual_limit(${userId}::bigint, ${at.toISOString()}::timestamptz, ${defaultLimitCents}::bigint)`,
  );
  const cents = (v: Cents) => (v === null ? null : BigInt(v));
  return {
    limitCents: cents(row!.annual_limit_cents),
    investedCents: cents(row!.invested_cents) ?? 0n,
    investedElsewhereCents: cents(row!.invested_elsewhere_cents) ?? 0n,
    remainingCents: cents(row!.remaining_cents),
  };
}
