import { centsToDecimal } from '@copaiba/contracts';
import type { Config } from '../../config.ts';
import { brCode } from './br-code.ts';

/** Where Pix charges are created: the sandbox builds the BR Code itself; a PSP answers with its own. */
export interface PixProvider {
  readonly name: 'sandbox' | 'bacen';
  createCharge(charge: {
    txid: string;
    amountCents: bigint;
    expiresInSeconds: number;
  }): Promise<{ brCode: string }>;
  /** Sends money to a Pix key; a refusal is an answer, not an exception. */
  payout(payout: { id: number; keyPix: string; amountCents: bigint }): Promise<PayoutResult>;
}

export type PayoutResult = { ok: true; reference: string } | { ok: false; reason: string };

/** In sandbox mode, payouts to this key fail, so the reversal path can be tried. */
export const SANDBOX_FAILING_KEY = 'falha@sandbox.copaiba.dev';

export function sandboxPixProvider(
  config: Pick<Config, 'PIX_RECEIVER_KEY' | 'PIX_MERCHANT_NAME' | 'PIX_MERCHANT_CITY'>,
): PixProvider {
  return {
    name: 'sandbox',
    async createCharge({ txid, amountCents }) {
      return {
        brCode: brCode({
          pixKey: config.PIX_RECEIVER_KEY,
          merchantName: config.PIX_MERCHANT_NAME,
          merchantCity: config.PIX_MERCHANT_CITY,
          amount: centsToDecimal(amountCents),
          txid,
        }),
      };
    },
    async payout({ id, keyPix }) {
      if (keyPix === SANDBOX_FAILING_KEY) {
        return { ok: false, reason: 'Chave Pix recusada pelo banco de destino (sandbox).' };
      }
      return { ok: true, reference: `SANDBOX${String(id).padStart(10, '0')}` };
    },
  };
}

export function createPixProvider(config: Config): PixProvider {
  if (config.PIX_PROVIDER === 'bacen') {
    throw new Error(
      'PIX_PROVIDER=bacen ainda não está disponível nesta versão; use PIX_PROVIDER=sandbox.',
    );
  }
  return sandboxPixProvider(config);
}
