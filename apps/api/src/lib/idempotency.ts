import { createHash } from 'node:crypto';
import { idempotentRequests, type Database } from '@copaiba/db';
import { and, eq } from 'drizzle-orm';
import { AppError, isUniqueViolation } from './app-error.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

export interface Outcome<T> {
  status: number;
  body: T;
}

/** What a key is bound to: a retry must send the same request. */
export const requestHash = (endpoint: string, payload: unknown) => hashOf({ endpoint, payload });

const hashOf = (payload: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(payload, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex');

/**
 * Runs a money-moving request once per Idempotency-Key: the first answer is stored in the same
 * transaction as the movement and returned again to every retry. Without a key the request just runs.
 * A key reused with a different request is refused (422).
 */
export async function idempotent<T>(
  db: Database,
  request: { userId: number; key: string | undefined; endpoint: string; payload: unknown },
  run: (tx: Database) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const { userId, key, endpoint } = request;
  if (key === undefined) return db.transaction(run);
  checkIdempotencyKey(key);
  const hash = requestHash(endpoint, request.payload);
  const earlier = await storedOutcome<T>(db, userId, key, hash);
  if (earlier) return earlier;
  try {
    return await db.transaction(async (tx) => {
      const outcome = await run(tx);
      await tx.insert(idempotentRequests).values({
        userId,
        key,
        endpoint,
        requestHash: hash,
        status: outcome.status,
        body: outcome.body,
      });
      return outcome;
    });
  } catch (err) {
    // A concurrent retry committed first: answer what it answered.
    if (isUniqueViolation(err)) {
      const winner = await storedOutcome<T>(db, userId, key, hash);
      if (winner) return winner;
    }
    throw err;
  }
}

export function checkIdempotencyKey(key: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw new AppError(400, 'Idempotency-Key inválida: use de 8 a 255 caracteres visíveis.');
  }
}

export const keyReused = () =>
  new AppError(422, 'Esta Idempotency-Key já foi usada com outra requisição.');

/** The answer stored for this key, if any; a key used for another request is refused (422). */
export async function storedOutcome<T>(
  db: Database,
  userId: number,
  key: string,
  hash: string,
): Promise<Outcome<T> | null> {
  const [stored] = await db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
  if (!stored) return null;
  if (stored.requestHash !== hash) throw keyReused();
  return { status: stored.status, body: stored.body as T };
}
