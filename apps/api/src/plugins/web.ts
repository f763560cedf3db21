import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** One screen's entry in dist/route-hints.json (written by apps/web/route-hints.ts). */
interface RouteHint {
  path: string;
  modules: string[];
  styles: string[];
  data?: string;
}

interface Page {
  match(path: string): string[] | null;
  links(params: string[]): string;
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** `/detail-token-issuer/:id` → a matcher whose `:name` segments are numeric ids. */
function page(hint: RouteHint): Page {
  const pattern = new RegExp(
    `^${hint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '(\\d{1,15})')}/?$`,
  );
  const fixed = [
    ...hint.modules.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`),
    ...hint.styles.map(
      (href) => `<link rel="preload" as="style" crossorigin href="${attr(href)}">`,
    ),
  ].join('');
  return {
    match: (path) => pattern.exec(path)?.slice(1) ?? null,
    links: (params) => {
      if (!hint.data) return fixed;
      let i = 0;
      const data = hint.data.replace(/:\w+/g, () => params[i++] ?? '');
      return `${fixed}<link rel="preload" as="fetch" crossorigin href="${attr(data)}">`;
    },
  };
}

function readPages(distDir: string): Page[] {
  const file = join(distDir, 'route-hints.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as RouteHint[]).map(page);
}

/** index.html and the hints, read again only when a new build has replaced index.html. */
function builtApp(distDir: string) {
  const index = join(distDir, 'index.html');
  let loaded: { mtimeMs: number; template: string; pages: Page[] } | undefined;
  return () => {
    const { mtimeMs } = statSync(index);
    if (loaded?.mtimeMs !== mtimeMs) {
      loaded = { mtimeMs, template: readFileSync(index, 'utf8'), pages: readPages(distDir) };
    }
    return loaded;
  };
}

/** index.html, with the links of the screen at `path` so its code and data load with the entry. */
function htmlFor(template: string, pages: Page[], path: string): string {
  for (const p of pages) {
    const params = p.match(path);
    if (params) return template.replace('</head>', `${p.links(params)}</head>`);
  }
  return template;
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
  reply
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted))
    return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/**
 * The built web app at /, with SPA fallback to index.html for any GET outside /api.
 * Hashed assets are immutable; index.html is always revalidated. For the screens listed in
 * route-hints.json, index.html announces the screen's chunks and first API read.
 */
export const webPlugin = fp<{ distDir: string }>(async (app: FastifyInstance, { distDir }) => {
  const hasWeb = existsSync(join(distDir, 'index.html'));
  const built = builtApp(distDir);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it at /');
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/media/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const { template, pages } = built();
      return sendHtml(request, reply, htmlFor(template, pages, path));
    }
    return reply.status(404).send({ detail: 'Não encontrado.' });
  });
});
