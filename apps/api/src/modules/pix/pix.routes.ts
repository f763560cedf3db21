import {
  messageResponse,
  pixWebhookBody,
  sandboxPayBody,
  detailResponse,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { centsToDecimal } from '@copaiba/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { PixWebhookService } from './pix-webhook.service.ts';

export const pixWebhookRoutes: FastifyPluginAsyncZod<{ webhook: PixWebhookService }> = async (
  app,
  { webhook },
) => {
  app.post(
    '/webhooks/pix/',
    {
      schema: {
        tags: ['pix'],
        summary:
          'Confirmações de pagamento do PSP (padrão API Pix); autenticadas pelo parâmetro hmac',
        querystring: z.object({ hmac: z.string().max(200).optional() }),
        body: pixWebhookBody,
        response: {
          200: z.object({
            results: z.array(z.object({ endToEndId: z.string(), result: z.string() })),
          }),
          401: detailResponse,
        },
      },
      // The secret is checked before the body is read.
      onRequest: async (request) => webhook.authenticate(request.query.hmac),
    },
    async (request) => {
      const results = [];
      for (const pix of request.body.pix)
        results.push({ endToEndId: pix.endToEndId, result: await webhook.settle(pix) });
      return { results };
    },
  );
};

/** Sandbox only: pays a pending charge by sending the PSP's webhook to ourselves. */
export const sandboxPixRoutes: FastifyPluginAsyncZod<{
  wallet: Pick<WalletService, 'findCharge'>;
  webhookSecret: string;
}> = async (app, { wallet, webhookSecret }) => {
  app.post(
    '/sandbox/pix/pay/',
    {
      schema: {
        tags: ['pix'],
        summary: 'Simula o pagamento de uma cobrança (ambiente de testes)',
        body: sandboxPayBody,
        response: { 200: messageResponse, 404: detailResponse, 409: messageResponse },
      },
    },
    async (request) => {
      const charge = await wallet.findCharge(request.body.txid);
      if (!charge) throw AppError.notFound('Cobrança não encontrada.');
      if (charge.status !== 'pending')
        throw AppError.conflict('Esta cobrança não está mais pendente.');
      const endToEndId = `E${randomBytes(16).toString('hex').slice(0, 31)}`;
      const res = await app.inject({
        method: 'POST',
        url: `/api/webhooks/pix/?hmac=${encodeURIComponent(webhookSecret)}`,
        payload: {
          pix: [
            {
              endToEndId,
              txid: charge.txid,
              valor: centsToDecimal(charge.amountCents),
              horario: new Date().toISOString(),
            },
          ],
        },
      });
      if (res.statusCode !== 200) throw new AppError(502, 'O webhook de teste não respondeu.');
      return { message: 'Pagamento simulado: o valor foi creditado na carteira.' };
    },
  );
};
