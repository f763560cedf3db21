import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptsEncoding } from '../lib/accept-encoding.ts';
import { IMAGE_WIDTHS } from '../lib/media.ts';

/** One screen's entry in dist/route-hints.json (written by apps/web/route-hints.ts). */
interface RouteHint {
  path: string;
  modules: string[];
  styles: string[];
  data?: string;
  /** The screen's largest image: a field of the data holding an uploaded image's URL. */
  image?: { field: string; sizes: string };
}

/** Reads a public API answer in-process (the API's cache serves it), or null. */
type ReadData = (url: string) => Promise<unknown>;

interface Page {
  match(path: string): string[] | null;
  links(params: string[], read: ReadData): Promise<string>;
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
    links: async (params, read) => {
      if (!hint.data) return fixed;
      let i = 0;
      const data = hint.data.replace(/:\w+/g, () => params[i++] ?? '');
      const image = hint.image ? imagePreload(await read(data), hint.image) : '';
      return `${fixed}<link rel="preload" as="fetch" crossorigin href="${attr(data)}">${image}`;
    },
  };
}

/**
 * The preload of an uploaded image with its WebP renditions, the srcset the web app gives its
 * `<img>` (apps/web/src/lib/media.ts), so the browser fetches it with the HTML, at high priority.
 */
function imagePreload(data: unknown, image: { field: string; sizes: string }): string {
  const url = image.field
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], data);
  if (typeof url !== 'string') return '';
  const match = /^(\/media\/images\/[\w-]+)\.webp$/.exec(url);
  if (!match) return '';
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const srcset = IMAGE_WIDTHS.map(
    (w) => `${w === largest ? url : `${match[1]}-${w}.webp`} ${w}w`,
  ).join(', ');
  return `<link rel="preload" as="image" imagesrcset="${attr(srcset)}" imagesizes="${attr(image.sizes)}" fetchpriority="high">`;
}

function readPages(distDir: string): Page[] {
  const file = join(distDir, 'route-hints.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as RouteHint[]).map(page);
}

/** index.html, with the links of the screen at `path` so its code and data load with the entry. */
async function htmlFor(template: string, pages: Page[], path: string, read: ReadData) {
  for (const p of pages) {
    const params = p.match(path);
    if (params) return template.replace('</head>', `${await p.links(params, read)}</head>`);
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
  const accepted = request.headers['accept-encoding'];
  if (acceptsEncoding(accepted, 'br')) {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (acceptsEncoding(accepted, 'gzip'))
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
  // Read once: a new build needs a restart anyway, as the static routes are its files at start.
  const template = hasWeb ? readFileSync(join(distDir, 'index.html'), 'utf8') : '';
  const pages = hasWeb ? readPages(distDir) : [];
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/precompress.ts), sent through
      // their file's route: routed too, they were 260 of the 400 files given routes at start
      // (docs/PERFORMANCE.md, "What each optimisation bought").
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
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
  // The page is served without its image hint rather than not at all.
  const read: ReadData = (url) =>
    app.inject({ method: 'GET', url }).then(
      (answer) => (answer.statusCode === 200 ? answer.json<unknown>() : null),
      () => null,
    );
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/media/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendHtml(request, reply, await htmlFor(template, pages, path, read));
    }
    return reply.status(404).send({ detail: 'Não encontrado.' });
  });
});
