import {
  detailResponse,
  idParam,
  issuerCard,
  issuerTokensQuery,
  PAGE_SIZES,
  pageQuery,
  paginated,
  publicIssuer,
  todayInSaoPaulo,
  tokenCard,
  tokenDetailResponse,
} from '@copaiba/contracts';
import type { Database } from '@copaiba/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { pageOffset, toPage } from '../../lib/pagination.ts';
import * as repo from './catalogue.repo.ts';
import { toIssuerCard, toPublicIssuer, toTokenCard, toTokenDetail } from './catalogue.presenter.ts';

const TOKEN_NOT_FOUND = 'Token não encontrado.';
const ISSUER_NOT_FOUND = 'Emissor não encontrado.';

/** The public catalogue: only issued tokens, and issuers with at least one. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const tags = ['catálogo'];
  const notFound = { 404: detailResponse };

  app.get(
    '/token/list/',
    {
      schema: {
        tags,
        summary: 'Tokens emitidos (3 por página)',
        querystring: pageQuery,
        response: { 200: paginated(tokenCard), ...notFound },
      },
    },
    async (request) => {
      const page = {
        page: request.query.page,
        size: PAGE_SIZES.publicTokens,
        path: '/api/token/list/',
      };
      const { count, rows } = await repo.listPublicTokens(db, {
        offset: pageOffset(page),
        limit: page.size,
      });
      return toPage(page, count, rows.map(toTokenCard));
    },
  );

  app.get(
    '/token/list-private/',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Compra de Tokens: ofertas abertas para compra (3 por página; só logado)',
        querystring: pageQuery,
        response: { 200: paginated(tokenCard), 401: detailResponse, ...notFound },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const page = {
        page: request.query.page,
        size: PAGE_SIZES.publicTokens,
        path: '/api/token/list-private/',
      };
      const { count, rows } = await repo.listPublicTokens(db, {
        offset: pageOffset(page),
        limit: page.size,
        fundingOnly: true,
      });
      return toPage(page, count, rows.map(toTokenCard));
    },
  );

  app.get(
    '/token/list/:id',
    {
      schema: {
        tags,
        summary: 'Tokens emitidos de um emissor',
        params: idParam,
        querystring: pageQuery.extend(issuerTokensQuery.shape),
        response: { 200: paginated(tokenCard), ...notFound },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await repo.findPublicIssuer(db, id))) throw AppError.notFound(ISSUER_NOT_FOUND);
      const page = {
        page: request.query.page,
        size: request.query.page_size,
        path: `/api/token/list/${id}`,
        query: { page_size: request.query.page_size },
      };
      const { count, rows } = await repo.listPublicTokens(db, {
        offset: pageOffset(page),
        limit: page.size,
        issuerId: id,
      });
      return toPage(page, count, rows.map(toTokenCard));
    },
  );

  app.get(
    '/token-issuer/list/',
    {
      schema: {
        tags,
        summary: 'Emissores com tokens emitidos (4 por página)',
        querystring: pageQuery,
        response: { 200: paginated(issuerCard), ...notFound },
      },
    },
    async (request) => {
      const page = {
        page: request.query.page,
        size: PAGE_SIZES.issuers,
        path: '/api/token-issuer/list/',
      };
      const { count, rows } = await repo.listPublicIssuers(db, {
        offset: pageOffset(page),
        limit: page.size,
      });
      return toPage(page, count, rows.map(toIssuerCard));
    },
  );

  app.get(
    '/token-issuer/detail/:id',
    {
      schema: {
        tags,
        summary: 'Emissor',
        params: idParam,
        response: { 200: publicIssuer, ...notFound },
      },
    },
    async (request) => {
      const issuer = await repo.findPublicIssuer(db, request.params.id);
      if (!issuer) throw AppError.notFound(ISSUER_NOT_FOUND);
      return toPublicIssuer(issuer);
    },
  );

  app.get(
    '/token-issuer-token-project/detail/:id',
    {
      schema: {
        tags,
        summary: 'Token, emissor, projeto e cronograma',
        params: idParam,
        response: { 200: tokenDetailResponse, ...notFound },
      },
    },
    async (request) => {
      const row = await repo.findPublicTokenDetail(db, request.params.id);
      if (!row) throw AppError.notFound(TOKEN_NOT_FOUND);
      return toTokenDetail(row, todayInSaoPaulo(now()));
    },
  );
};
