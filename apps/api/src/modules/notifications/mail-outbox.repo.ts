import { mailAttempts, mailOutbox, users, type Database, type MailStatus } from '@copaiba/db';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Times come from the database, so senders on several machines agree on leases and retries. */
const dbNow = sql<Date>`now()`;
const after = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Mails a person is waiting for on screen (a confirmation code, a reset link) go before the rest:
 * a burst of receipts never holds up someone signing up.
 */
const urgentFirst = sql`${mailOutbox.template} in ('confirmation', 'password_reset') desc`;

/**
 * Takes the oldest due row no other sender holds (FOR UPDATE SKIP LOCKED), urgent ones first
 * (urgentFirst), leases it for
 * `leaseMs` and opens its attempt, in one transaction that commits before the mail is sent: a
 * sender that dies while sending leaves the lease to expire, and the row to be taken again.
 */
export async function claimNext(db: Database, leaseMs: number): Promise<OutboxRow | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, dbNow),
          or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, dbNow)),
        ),
      )
      .orderBy(urgentFirst, asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(mailOutbox)
      .set({ lockedUntil: after(leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, due.id))
      .returning();
    await tx.insert(mailAttempts).values({ outboxId: row!.id, attempt: row!.attempts });
    return row!;
  });
}

/** Who a mail to a user goes to, read when it is sent; null for an unknown user. */
export async function recipientOf(db: Database, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

async function closeAttempt(
  tx: Database,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  outcome: 'sent' | 'failed' | 'cancelled',
  error: string | null,
) {
  await tx
    .update(mailAttempts)
    .set({ outcome, error, finishedAt: dbNow })
    .where(and(eq(mailAttempts.outboxId, row.id), eq(mailAttempts.attempt, row.attempts)));
}

/** The keys of `data` a finished row no longer keeps (codes, links: docs/SECURITY.md). */
const withoutKeys = (keys: readonly string[]) =>
  keys.length ? sql`${mailOutbox.data} - ${sql.param([...keys])}::text[]` : sql`${mailOutbox.data}`;

/** Delivered: marked sent even if its lease ran out meanwhile (the mail did leave). */
export async function markSent(
  db: Database,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  scrub: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await closeAttempt(tx, row, 'sent', null);
    await tx
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: dbNow,
        lockedUntil: null,
        lastError: null,
        data: withoutKeys(scrub),
      })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
  });
}

/**
 * A failed attempt: the row waits `retryMs` for its next one, or, once it is older than
 * `giveUpAfterMs`, is given up (`failed`). Only while this sender's attempt is still the row's
 * latest, so it never releases a lease another sender took after this one's ran out.
 */
export async function markFailed(
  db: Database,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  error: string,
  {
    retryMs,
    giveUpAfterMs,
    scrub,
  }: { retryMs: number; giveUpAfterMs: number; scrub: readonly string[] },
): Promise<MailStatus | null> {
  return db.transaction(async (tx) => {
    await closeAttempt(tx, row, 'failed', error);
    const givingUp = sql`${mailOutbox.createdAt} <= now() - make_interval(secs => ${giveUpAfterMs / 1000})`;
    const [updated] = await tx
      .update(mailOutbox)
      .set({
        lockedUntil: null,
        lastError: error,
        nextAttemptAt: after(retryMs),
        status: sql`case when ${givingUp} then 'failed' else 'pending' end`,
        data: sql`case when ${givingUp} then ${withoutKeys(scrub)} else ${mailOutbox.data} end`,
      })
      .where(
        and(
          eq(mailOutbox.id, row.id),
          eq(mailOutbox.attempts, row.attempts),
          eq(mailOutbox.status, 'pending'),
        ),
      )
      .returning({ status: mailOutbox.status });
    return updated?.status ?? null;
  });
}

/** Nobody to send it to any more (a closed account): it is dropped, its secrets with it. */
export async function markCancelled(
  db: Database,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  reason: string,
  scrub: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await closeAttempt(tx, row, 'cancelled', reason);
    await tx
      .update(mailOutbox)
      .set({ status: 'cancelled', lockedUntil: null, lastError: reason, data: withoutKeys(scrub) })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
  });
}

/** The backlog for the metrics: mails not yet sent and how long the oldest has waited. */
export async function mailBacklog(
  db: Database,
): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      depth: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'));
  return row ?? { depth: 0, oldestAgeSeconds: 0 };
}
