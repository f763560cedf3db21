import { questions, tokenIssuers, tokens, users, type Database } from '@copaiba/db';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';

export type QuestionRecord = typeof questions.$inferSelect;

/** An issued token and who created it (its issuer's user): the forum's only public tokens. */
export async function findIssuedToken(db: Database, tokenId: number) {
  const [row] = await db
    .select({
      id: tokens.id,
      name: tokens.name,
      symbol: tokens.symbol,
      creatorId: tokenIssuers.userId,
    })
    .from(tokens)
    .innerJoin(tokenIssuers, eq(tokenIssuers.id, tokens.issuerId))
    .where(and(eq(tokens.id, tokenId), eq(tokens.status, 'issued')));
  return row ?? null;
}

const withAsker = { question: questions, askerName: users.name };

/** A token's questions, newest first; hidden ones only for administrators. */
export async function listOfToken(
  db: Database,
  tokenId: number,
  options: { offset: number; limit: number; withHidden: boolean; unansweredOnly: boolean },
) {
  const where = and(
    eq(questions.tokenId, tokenId),
    options.withHidden ? undefined : isNull(questions.hiddenAt),
    options.unansweredOnly ? isNull(questions.answer) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(questions).where(where);
  const rows = await db
    .select(withAsker)
    .from(questions)
    .innerJoin(users, eq(users.id, questions.askerId))
    .where(where)
    // questions_token_idx's own order (DESC NULLS LAST): the page is read, not sorted.
    .orderBy(sql`${questions.askedAt} desc nulls last`, sql`${questions.id} desc nulls last`)
    .limit(options.limit)
    .offset(options.offset);
  return { count: total?.n ?? 0, rows };
}

/** One question of a token (hidden ones too), with its asker's name. */
export async function findQuestion(db: Database, questionId: number, tokenId?: number) {
  const [row] = await db
    .select(withAsker)
    .from(questions)
    .innerJoin(users, eq(users.id, questions.askerId))
    .where(
      and(
        eq(questions.id, questionId),
        tokenId === undefined ? undefined : eq(questions.tokenId, tokenId),
      ),
    );
  return row ?? null;
}

/** How many questions the user asked after `since`, across every token. */
export async function askedSince(db: Database, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(questions)
    .where(and(eq(questions.askerId, userId), gt(questions.askedAt, since)));
  return row?.n ?? 0;
}

export async function insertQuestion(
  db: Database,
  values: { tokenId: number; askerId: number; question: string; askedAt: Date },
): Promise<QuestionRecord> {
  const [row] = await db.insert(questions).values(values).returning();
  return row!;
}

/** The answer, only while the question is visible and unanswered (a second answer gets nothing). */
export async function saveAnswer(
  db: Database,
  questionId: number,
  values: { answer: string; answeredBy: number; answeredAt: Date },
): Promise<QuestionRecord | null> {
  const [row] = await db
    .update(questions)
    .set(values)
    .where(and(eq(questions.id, questionId), isNull(questions.answer), isNull(questions.hiddenAt)))
    .returning();
  return row ?? null;
}

export async function setHidden(
  db: Database,
  questionId: number,
  hidden: { by: number; at: Date } | null,
): Promise<QuestionRecord | null> {
  const [row] = await db
    .update(questions)
    .set({ hiddenAt: hidden?.at ?? null, hiddenBy: hidden?.by ?? null })
    .where(eq(questions.id, questionId))
    .returning();
  return row ?? null;
}

/** Per token of the creator's issuer, its visible questions still without an answer. */
export async function unansweredOfCreator(db: Database, userId: number) {
  return db
    .select({ tokenId: questions.tokenId, unanswered: sql<number>`count(*)::int` })
    .from(questions)
    .innerJoin(tokens, eq(tokens.id, questions.tokenId))
    .innerJoin(tokenIssuers, eq(tokenIssuers.id, tokens.issuerId))
    .where(
      and(eq(tokenIssuers.userId, userId), isNull(questions.answer), isNull(questions.hiddenAt)),
    )
    .groupBy(questions.tokenId)
    .orderBy(questions.tokenId);
}
