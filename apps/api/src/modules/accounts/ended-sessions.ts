import type { DatabaseHandle } from '@copaiba/db';
import { ENDED_SESSIONS_CHANNEL, isSessionEnded, sessionsEndedSince } from './accounts.repo.ts';

/**
 * The sessions ended within an access token's lifetime, kept in memory while this process listens
 * for them (docs/ARCHITECTURE.md, "In process memory"), so that an ended session's access token is
 * refused at its next request rather than at its expiry (docs/product.md §19). Every process hears
 * each end announced after commit; the one that ended it knows at once (`ended`). While the
 * listening connection is down, and until what was missed is read back, each check asks the
 * database.
 */
export interface EndedSessions {
  isEnded(sessionId: number): Promise<boolean>;
  /** Call once the transaction that ended these sessions has committed. */
  ended(sessionIds: number[]): void;
  close(): Promise<void>;
}

export async function createEndedSessions(
  database: DatabaseHandle,
  { now, accessTtlMs }: { now: () => Date; accessTtlMs: number },
): Promise<EndedSessions> {
  /** Session id → until when (app time) a token issued before its end may still be presented. */
  const ended = new Map<number, number>();
  let listening = false;
  // Bumped by every loss: a read-back that began before one must not declare the list complete.
  let generation = 0;

  const remember = (id: number) => {
    if (ended.size > 100_000) forgetExpired();
    ended.set(id, now().getTime() + accessTtlMs);
  };
  const forgetExpired = () => {
    const at = now().getTime();
    for (const [id, until] of ended) if (until <= at) ended.delete(id);
  };

  const unlisten = await database.listen(ENDED_SESSIONS_CHANNEL, {
    notify(payload) {
      const id = Number(payload);
      if (Number.isSafeInteger(id)) remember(id);
    },
    listening() {
      const readGeneration = generation;
      sessionsEndedSince(database.db, new Date(now().getTime() - accessTtlMs)).then(
        (ids) => {
          ids.forEach(remember);
          if (generation === readGeneration) listening = true;
        },
        () => undefined,
      );
    },
    lost() {
      generation++;
      listening = false;
    },
  });

  return {
    async isEnded(sessionId) {
      if (!listening) return isSessionEnded(database.db, sessionId);
      const until = ended.get(sessionId);
      return until !== undefined && until > now().getTime();
    },
    ended: (ids) => ids.forEach(remember),
    close: unlisten,
  };
}
