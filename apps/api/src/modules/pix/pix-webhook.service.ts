import { timingSafeEqual } from 'node:crypto';
import type { PixWebhookBody } from '@copaiba/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Settlement, WalletService } from '../wallet/wallet.service.ts';

/**
 * The PSP's webhook: authenticated by the secret it carries; each confirmation is the wallet's to
 * credit (docs/product.md §10).
 */
export function createPixWebhookService(deps: {
  secret: string;
  wallet: Pick<WalletService, 'settleDeposit'>;
}) {
  const expected = Buffer.from(deps.secret);

  return {
    authenticate(hmac: string | undefined): void {
      const given = Buffer.from(hmac ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw AppError.unauthorized('Webhook não autenticado.');
      }
    },

    settle(pix: PixWebhookBody['pix'][number]): Promise<Settlement> {
      return deps.wallet.settleDeposit(pix);
    },
  };
}

export type PixWebhookService = ReturnType<typeof createPixWebhookService>;
