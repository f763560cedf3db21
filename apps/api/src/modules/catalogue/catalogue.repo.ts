import { projects, tokenIssuers, tokens, type Database } from '@copaiba/db';
import { and, count, desc, eq, exists, sql } from 'drizzle-orm';

export type TokenRow = typeof tokens.$inferSelect;
export type IssuerRow = typeof tokenIssuers.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;

const isPublic = eq(tokens.status, 'issued');
const cardColumns = {
  token: tokens,
  issuer: {
    id: tokenIssuers.id,
    institution: tokenIssuers.institution,
    tokenIssuerImage: tokenIssuers.tokenIssuerImage,
    logoImage: tokenIssuers.logoImage,
  },
};
export type TokenCardRow = {
  token: TokenRow;
  issuer: { id: number; institution: string; tokenIssuerImage: string; logoImage: string };
};

/** Issued tokens, newest issue first; optionally one issuer's. */
export async function listPublicTokens(
  db: Database,
  options: { offset: number; limit: number; issuerId?: number; fundingOnly?: boolean },
): Promise<{ count: number; rows: TokenCardRow[] }> {
  const where = and(
    isPublic,
    options.issuerId ? eq(tokens.issuerId, options.issuerId) : undefined,
    options.fundingOnly ? eq(tokens.offerStatus, 'funding') : undefined,
  );
  const [total] = await db.select({ n: count() }).from(tokens).where(where);
  const rows = await db
    .select(cardColumns)
    .from(tokens)
    .innerJoin(tokenIssuers, eq(tokenIssuers.id, tokens.issuerId))
    .where(where)
    .orderBy(desc(tokens.issuedAt), desc(tokens.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

/** An issuer is public once one of its tokens is issued. */
const hasPublicToken = exists(
  sql`(select 1 from ${tokens} where ${tokens.issuerId} = ${tokenIssuers.id} and ${tokens.status} = 'issued')`,
);

export async function listPublicIssuers(
  db: Database,
  options: { offset: number; limit: number },
): Promise<{ count: number; rows: IssuerRow[] }> {
  const [total] = await db.select({ n: count() }).from(tokenIssuers).where(hasPublicToken);
  const rows = await db
    .select()
    .from(tokenIssuers)
    .where(hasPublicToken)
    .orderBy(tokenIssuers.id)
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

export async function findPublicIssuer(db: Database, id: number): Promise<IssuerRow | undefined> {
  const [row] = await db
    .select()
    .from(tokenIssuers)
    .where(and(eq(tokenIssuers.id, id), hasPublicToken));
  return row;
}

export async function findPublicTokenDetail(db: Database, id: number) {
  const [row] = await db
    .select({
      token: tokens,
      issuer: tokenIssuers,
      project: projects,
      installmentsPaid:
        sql<number>`(select paid from token_installments_paid(${tokens.id}))`.mapWith(Number),
      unitsLeft: sql<number>`token_units_left(${tokens})`.mapWith(Number),
    })
    .from(tokens)
    .innerJoin(tokenIssuers, eq(tokenIssuers.id, tokens.issuerId))
    .leftJoin(projects, eq(projects.tokenId, tokens.id))
    .where(and(eq(tokens.id, id), isPublic));
  return row;
}
