import {
  badRequestResponse,
  detailResponse,
  investorProfile,
  investorProfileBody,
  messageResponse,
  riskTerm,
  riskTermBody,
} from '@copaiba/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../lib/request-origin.ts';
import type { InvestorService } from './investor.service.ts';

/** docs/product.md §15: 'Perfil de Investidor' and the Termo de Ciência de Risco. */
export const investorRoutes: FastifyPluginAsyncZod<{ investor: InvestorService }> = async (
  app,
  { investor },
) => {
  const tags = ['investidor'];
  const security = [{ bearer: [] }];

  app.get(
    '/investor/profile/',
    {
      schema: {
        tags,
        security,
        summary: 'Perfil de investidor: a declaração mais recente e o limite anual (CVM 88)',
        response: { 200: investorProfile, 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => investor.profile(request.requireUser()),
  );

  app.put(
    '/investor/profile/',
    {
      schema: {
        tags,
        security,
        summary:
          'Declara renda, aplicações, o investido em outras plataformas no ano e se é qualificado',
        body: investorProfileBody,
        response: { 200: investorProfile, 400: badRequestResponse, 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      investor.declare(request.requireUser(), request.body, requestOrigin(request)),
  );

  app.get(
    '/investor/risk-term/',
    {
      schema: {
        tags,
        security,
        summary: 'O Termo de Ciência de Risco vigente e quando o usuário o aceitou',
        response: { 200: riskTerm, 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) => investor.riskTerm(request.requireUser()),
  );

  app.post(
    '/investor/risk-term/',
    {
      schema: {
        tags,
        security,
        summary: 'Aceita a versão vigente do Termo de Ciência de Risco',
        body: riskTermBody,
        response: { 200: messageResponse, 400: badRequestResponse, 401: detailResponse },
      },
      onRequest: app.authenticate,
    },
    async (request) =>
      investor.acceptRiskTerm(request.requireUser(), request.body.version, requestOrigin(request)),
  );
};
