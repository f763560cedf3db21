import { RISK_TERM_REQUIRED } from '@copaiba/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError, isForbiddenWith, type ApiError } from './api-error';
import { acceptRiskTerm, useRiskTerm } from './investor-protection';
import { investorKeys } from './query-keys';

export const PURCHASE_FAILURE =
  'A compra não pôde ser concluída. Verifique sua conexão e tente novamente.';

export type PurchaseStep =
  | { name: 'simulation' }
  | { name: 'confirmation' }
  | { name: 'buying' }
  | { name: 'success'; message: string }
  | { name: 'failure'; message: string };

interface PurchaseAttempt {
  /** What is bought, e.g. the token or listing and the quantity: a new one is a new purchase. */
  id: string;
  /** Sends the purchase under the attempt's Idempotency-Key. */
  buy: (idempotencyKey: string) => Promise<{ message?: string }>;
  /** When the server's answer has no message of its own. */
  successMessage: string;
  /** Refreshed after a purchase. */
  invalidate: QueryKey[];
  /**
   * A 4xx the server refused for a reason of its own: its message (the next try is then a new
   * purchase), or undefined for the generic failure, with the same key kept for a retry.
   */
  refusal: (error: ApiError) => string | undefined | Promise<string | undefined>;
}

/**
 * The purchase flow shared by the offers' purchase and the board's (docs/product.md §4, §15,
 * §18): its steps, the Termo de Ciência de Risco accepted before the first purchase and shown again
 * when a newer version answers 403 risk_term_required, and one Idempotency-Key per attempt, reused
 * when a failed connection is retried.
 */
export function usePurchaseFlow({ opened }: { opened: boolean }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<PurchaseStep>({ name: 'simulation' });
  const [termAccepted, setTermAccepted] = useState(false);
  const term = useRiskTerm({ enabled: opened });
  const termNeeded = term.data ? term.data.accepted_at === null : false;
  const attempt = useRef<{ id: string; key: string } | null>(null);

  /** Back to the simulation, the term unchecked: the next opening starts afresh. */
  function reset() {
    setStep({ name: 'simulation' });
    setTermAccepted(false);
  }

  async function confirm({ id, buy, successMessage, invalidate, refusal }: PurchaseAttempt) {
    if (attempt.current?.id !== id) attempt.current = { id, key: crypto.randomUUID() };
    const { key } = attempt.current;
    setStep({ name: 'buying' });
    try {
      if (termNeeded && term.data) {
        await acceptRiskTerm(term.data.version);
        await queryClient.invalidateQueries({ queryKey: investorKeys.riskTerm });
      }
      const result = await buy(key);
      attempt.current = null;
      setStep({ name: 'success', message: result.message || successMessage });
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (error) {
      // A new version of the term was published meanwhile: read it, and show it to be accepted.
      if (isForbiddenWith(error, RISK_TERM_REQUIRED)) {
        setTermAccepted(false);
        await queryClient.invalidateQueries({ queryKey: investorKeys.riskTerm });
        setStep({ name: 'confirmation' });
        return;
      }
      const refused = isApiError(error) ? await refusal(error) : undefined;
      if (refused !== undefined) attempt.current = null;
      setStep({ name: 'failure', message: refused ?? PURCHASE_FAILURE });
    }
  }

  return { step, setStep, term, termNeeded, termAccepted, setTermAccepted, reset, confirm };
}

export type PurchaseFlow = ReturnType<typeof usePurchaseFlow>;
