import { totpCode } from '@copaiba/api/testing/authenticator';

/** An authenticator app's code for a 30 s time step (the API tests' RFC 6238 helper). */
export const totpAt = (secret: string, step: number): string =>
  totpCode(secret, new Date(step * 30_000));

/**
 * Codes work once per step and the server accepts one step of drift: each call takes the step
 * after the last one used, at least the current one (a step behind could expire between typing
 * and sending), waiting only when that step is still more than one step ahead.
 */
export function authenticator(secret: string) {
  let last = -Infinity;
  return async () => {
    const current = () => Math.floor(Date.now() / 30_000);
    const step = Math.max(last + 1, current());
    while (step > current() + 1) await new Promise((r) => setTimeout(r, 500));
    last = step;
    return totpAt(secret, step);
  };
}
