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
}

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
