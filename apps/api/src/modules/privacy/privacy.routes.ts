import {
  badRequestResponse,
  closeAccountBody,
  DATA_EXPORT_FILENAME,
  dataExport,
  detailResponse,
  messageResponse,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import type { IdentityBox } from '../../lib/identity-box.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConsentsService } from '../consents/consents.service.ts';
import type { InvestorService } from '../investor/investor.service.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import { createPrivacyService } from './privacy.service.ts';
import type { UserChanges } from '../accounts/user-cache.ts';

/** LGPD art. 18 for the signed-in person: download their data, close their account. */
export const privacyRoutes: FastifyPluginAsyncZod<{
  db: Database;
  twoFactor: TwoFactorService;
  now: () => Date;
  userChanges: UserChanges;
  consents: ConsentsService;
  investor: InvestorService;
  identity: IdentityBox;
}> = async (app, deps) => {
  const privacy = createPrivacyService(deps);
  const tags = ['privacidade'];
  const security = [{ bearer: [] }];

  app.get(
    '/user/data-export/',
    {
      schema: {
        tags,
        security,
        summary: 'Baixa os dados pessoais da conta em JSON (LGPD art. 18, V)',
        response: { 200: dataExport, 401: detailResponse, 429: detailResponse },
      },
      onRequest: app.authenticate,
      config: { rateLimit: app.rateLimits.confirm },
    },
    async (request, reply) => {
      const body = await privacy.exportData(request.requireUser());
      return reply
        .header('content-disposition', `attachment; filename="${DATA_EXPORT_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.post(
    '/user/close-account/',
    {
      schema: {
        tags,
        security,
        summary: 'Encerra a conta e anonimiza os dados pessoais (LGPD art. 18, VI)',
        body: closeAccountBody,
        response: {
          200: messageResponse,
          400: badRequestResponse,
          401: detailResponse,
          429: detailResponse,
        },
      },
      onRequest: app.authenticate,
      config: { rateLimit: app.rateLimits.confirm },
    },
    async (request) => privacy.closeAccount(request.requireUser(), request.body),
  );
};
