import type { AttemptCounter } from '../../lib/attempt-counter.ts';
import { keyedHash } from '../../lib/secrets.ts';

/** Wrong codes an account may send in a window before its second step locks (as passwords do). */
export const MAX_SECOND_STEP_FAILURES = 5;
export const SECOND_STEP_LOCK_MINUTES = 15;

/**
 * Wrong codes of an account's authenticator, across login challenges and turning two-factor off
 * (docs/product.md §19): 5 in 15 minutes lock both for the rest of the window, so a person who
 * knows the password cannot try a million codes by asking for new challenges. A right code
 * clears the count. Counted where the login failures are (Redis with several processes).
 */
export function createSecondStepGuard(counter: AttemptCounter, hashKey: Buffer) {
  const key = (userId: number) => keyedHash(hashKey, `login-2fa:${userId}`);
  return {
    locked: async (userId: number) =>
      (await counter.count(key(userId))) >= MAX_SECOND_STEP_FAILURES,
    failed: (userId: number) => counter.add(key(userId), SECOND_STEP_LOCK_MINUTES * 60_000),
    cleared: (userId: number) => counter.clear(key(userId)),
  };
}

export type SecondStepGuard = ReturnType<typeof createSecondStepGuard>;
