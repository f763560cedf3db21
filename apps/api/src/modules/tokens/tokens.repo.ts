import { projects, tokenIssuers, tokens, type Database } from '@copaiba/db';
import { and, count, desc, eq, like, sql } from 'drizzle-orm';

export type TokenRow = typeof tokens.$inferSelect;
export type NewToken = typeof tokens.$inferInsert;

/** A token of this creator (through their issuer), with whether its project exists. */
export async function findOwnToken(db: Database, userId: number, tokenId: number) {
  const [row] = await db
    .select({ token: tokens, hasProject: sql<boolean>`${projects.tokenId} is not null` })
    .from(tokens)
    .innerJoin(tokenIssuers, eq(tokenIssuers.id, tokens.issuerId))
    .leftJoin(projects, eq(projects.tokenId, tokens.id))
    .where(and(eq(tokens.id, tokenId), eq(tokenIssuers.userId, userId)));
  return row;
}

export async function listOwnTokens(
  db: Database,
  userId: number,
  options: { offset: number; limit: number },
) {
  const mine = eq(tokenIssuers.userId, userId);
  const [total] = await db
    .select({ n: count() })
    .from(tokens)
    .innerJoin(tokenIssuers, eq(tokenIssuers.id, tokens.issuerId))
    .where(mine);
  const rows = await db
    .select({ token: tokens, hasProject: sql<boolean>`${projects.tokenId} is not null` })
    .from(tokens)
    .innerJoin(tokenIssuers, eq(tokenIssuers.id, tokens.issuerId))
    .leftJoin(projects, eq(projects.tokenId, tokens.id))
    .where(mine)
    .orderBy(desc(tokens.createdAt), desc(tokens.id))
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

export async function symbolsLike(db: Database, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ symbol: tokens.symbol })
    .from(tokens)
    .where(like(tokens.symbol, `${prefix}%`));
  return new Set(rows.map((r) => r.symbol));
}

export async function insertToken(db: Database, token: NewToken): Promise<TokenRow> {
  const [row] = await db.insert(tokens).values(token).returning();
  return row!;
}

/** Updates a token only while it is still editable; false when it was issued meanwhile. */
export async function updateEditableToken(
  db: Database,
  id: number,
  changes: Partial<NewToken>,
): Promise<boolean> {
  const rows = await db
    .update(tokens)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(tokens.id, id), sql`${tokens.status} in ('incomplete', 'released')`))
    .returning({ id: tokens.id });
  return rows.length === 1;
}

/**
 * Tokens with their issuer's name and CNPJ and how many installments were paid, for the investor's
 * statements: one statement prepared once per database handle, as the wallet's hot reads are
 * (every /wallet asks for it twice), reading the figures and names, not the token's texts
 * (docs/PERFORMANCE.md, "Queries: indexes and N+1").
 */
export function createTokenReads(db: Database) {
  const withIssuer = db
    .select({
      token: {
        id: tokens.id,
        name: tokens.name,
        symbol: tokens.symbol,
        offerStatus: tokens.offerStatus,
        unitPriceCents: tokens.unitPriceCents,
        interestRateBp: tokens.interestRateBp,
        installments: tokens.installments,
        firstDateInstallment: tokens.firstDateInstallment,
      },
      issuerName: tokenIssuers.institution,
      issuerCnpj: tokenIssuers.cnpj,
      installmentsPaid:
        sql<number>`(select paid from token_installments_paid(${tokens.id}))`.mapWith(Number),
    })
    .from(tokens)
    .innerJoin(tokenIssuers, eq(tokenIssuers.id, tokens.issuerId))
    .where(sql`${tokens.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('tokens_with_issuer');
  return {
    async withIssuer(ids: number[]) {
      return ids.length === 0 ? [] : withIssuer.execute({ ids });
    },
  };
}

export type TokenWithIssuer = Awaited<
  ReturnType<ReturnType<typeof createTokenReads>['withIssuer']>
>[number];
