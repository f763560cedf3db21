import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { centsToDecimal } from '@copaiba/contracts';
import type { Config } from '../../config.ts';
import { bacenPixProvider } from './bacen-pix-provider.ts';
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
    // loadConfig has checked that every variable is set and every PEM file parses.
    const pem = (path: string | undefined) => (path ? readFileSync(path, 'utf8') : undefined);
    return bacenPixProvider({
      baseUrl: config.PIX_API_URL ?? '',
      clientId: config.PIX_CLIENT_ID ?? '',
      clientSecret: config.PIX_CLIENT_SECRET ?? '',
      tls: {
        cert: pem(config.PIX_CERT),
        key: pem(config.PIX_KEY),
        ca: pem(config.PIX_CA),
      },
      receiverKey: config.PIX_RECEIVER_KEY,
    });
  }
  return sandboxPixProvider(config);
}

/** A fresh txid: 25 characters fit a static BR Code's field 62-05; the API Pix wants 26–35. */
export function newChargeTxid(provider: PixProvider['name']): string {
  return `CPB${randomBytes(provider === 'bacen' ? 16 : 11).toString('hex')}`;
}
