import {
  detailResponse,
  idParam,
  issuerCard,
  issuerTokensQuery,
  PAGE_SIZES,
  pageQuery,
  paginated,
  publicIssuer,
  tokenCard,
  todayInSaoPaulo,
  tokenDetailResponse,
  type InvestorProtection,
} from '@copaiba/contracts';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptsEncoding, GZIP_MIN_BYTES } from '../../lib/accept-encoding.ts';
import { createPublicCache, type CachedAnswer } from '../../lib/public-cache.ts';
import type { Database } from '@copaiba/db';
import type { IdentityBox } from '../../lib/identity-box.ts';
import { createCatalogueService } from './catalogue.service.ts';
import { essentialInformationPdfs } from './essential-information-pdf.ts';

/**
 * Browsers and proxies may keep a public answer but must revalidate it (a cheap 304): a figure
 * such as units left must not outlive the purchase that changed it (docs/PERFORMANCE.md).
 */
const PUBLIC_CACHE_CONTROL = 'public, no-cache';
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** True when the request's If-None-Match names this ETag (or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

/** The public catalogue: only issued tokens, and issuers with at least one. */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  db: Database;
  now: () => Date;
  /** How long an answer is reused between writes; 0 recomputes every answer (tests). */
  cacheTtlMs: number;
  /** DESISTENCIA_DAYS and ANNUAL_INVESTMENT_LIMIT, stated on every token page. */
  investorProtection: InvestorProtection;
  /** Opens the issuers' sealed contact phones (docs/product.md §19). */
  identity: IdentityBox;
}> = async (app, { db, now, cacheTtlMs, investorProtection, identity }) => {
  const catalogue = createCatalogueService(db, investorProtection, identity);
  const tags = ['catálogo'];
  const notFound = { 404: detailResponse };
  const cache = createPublicCache({ ttlMs: cacheTtlMs });
  const essentialInformationPdf = essentialInformationPdfs();

  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: CachedAnswer,
    cacheControl: string,
  ) {
    // Compressed once per cached answer, for the phones on mobile networks that read it most.
    const gzip =
      answer.body.length >= GZIP_MIN_BYTES &&
      acceptsEncoding(request.headers['accept-encoding'], 'gzip');
    // A strong validator names one representation: the gzip one has its own.
    const etag = gzip ? `${answer.etag.slice(0, -1)}-gz"` : answer.etag;
    reply
      .header('etag', etag)
      .header('cache-control', cacheControl)
      .header('vary', 'accept-encoding');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    if (!gzip) return reply.send(answer.body);
    answer.gzipped ??= gzipSync(answer.body);
    return reply.header('content-encoding', 'gzip').send(answer.gzipped);
  }

  type UrlKey = (request: FastifyRequest) => string;
  const byUrl: UrlKey = (request) => request.url;
  // The token detail's schedule depends on São Paulo's date: the date is part of its key.
  const byUrlAndDay: UrlKey = (request) => `${request.url} ${todayInSaoPaulo(now())}`;

  /**
   * Serves the route's serialized answer from the cache, with an ETag and a 304 on a match. A
   * public route also remembers the answer under its URL for `fromCache`.
   */
  async function cached(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<unknown>,
    urlKey: UrlKey | null = byUrl,
  ) {
    // The route's own serializer (its response schema), as Fastify would have used.
    const answer = await cache.get(key, async () => reply.serialize(await produce()) as string);
    if (urlKey) cache.rememberUrl(urlKey(request), answer);
    return send(request, reply, answer, urlKey ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  }

  /**
   * A public route's hook: a URL answered a moment ago (same catalogue version, within the TTL)
   * is answered again at once, skipping validation and handler; the URL was validated when its
   * answer was remembered. Never on a route behind authentication.
   */
  const fromCache =
    (urlKey: UrlKey): onRequestHookHandler =>
    (request, reply, done) => {
      const answer = cache.peekUrl(urlKey(request));
      if (answer) send(request, reply, answer, PUBLIC_CACHE_CONTROL);
      else done();
    };

  app.get(
    '/token/list/',
    {
      schema: {
        tags,
        summary: 'Tokens emitidos (3 por página)',
        querystring: pageQuery,
        response: { 200: paginated(tokenCard), ...notFound },
      },
      onRequest: fromCache(byUrl),
    },
    async (request, reply) => {
      const page = {
        page: request.query.page,
        size: PAGE_SIZES.publicTokens,
        path: '/api/token/list/',
      };
      return cached(request, reply, `tokens:${page.page}`, () => catalogue.tokens(page));
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
    async (request, reply) => {
      const page = {
        page: request.query.page,
        size: PAGE_SIZES.publicTokens,
        path: '/api/token/list-private/',
      };
      return cached(
        request,
        reply,
        `funding-tokens:${page.page}`,
        () => catalogue.tokens(page, { fundingOnly: true }),
        null,
      );
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
      onRequest: fromCache(byUrl),
    },
    async (request, reply) => {
      const { id } = request.params;
      const page = {
        page: request.query.page,
        size: request.query.page_size,
        path: `/api/token/list/${id}`,
        query: { page_size: request.query.page_size },
      };
      return cached(request, reply, `issuer-tokens:${id}:${page.page}:${page.size}`, () =>
        catalogue.issuerTokens(id, page),
      );
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
      onRequest: fromCache(byUrl),
    },
    async (request, reply) => {
      const page = {
        page: request.query.page,
        size: PAGE_SIZES.issuers,
        path: '/api/token-issuer/list/',
      };
      return cached(request, reply, `issuers:${page.page}`, () => catalogue.issuers(page));
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
      onRequest: fromCache(byUrl),
    },
    async (request, reply) =>
      cached(request, reply, `issuer:${request.params.id}`, () =>
        catalogue.issuer(request.params.id),
      ),
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
      onRequest: fromCache(byUrlAndDay),
    },
    async (request, reply) => {
      // The schedule's atrasado depends on the day: the day is part of the key.
      const today = todayInSaoPaulo(now());
      return cached(
        request,
        reply,
        `token:${request.params.id}:${today}`,
        () => catalogue.tokenDetail(request.params.id, today),
        byUrlAndDay,
      );
    },
  );

  app.get(
    '/token/:id/essential-information.pdf',
    {
      schema: {
        tags,
        summary:
          'Informações Essenciais da oferta em PDF (Resolução CVM 88); 404 para token não emitido',
        params: idParam,
      },
    },
    async (request, reply) => {
      const detail = await catalogue.tokenDetail(request.params.id, todayInSaoPaulo(now()));
      const { pdf, etag } = await essentialInformationPdf(detail, now());
      reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="informacoes-essenciais-${detail.token.symbol}.pdf"`,
        )
        .send(pdf);
    },
  );
};
