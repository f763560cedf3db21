import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { webPlugin } from './web.ts';

const image = '/media/images/abc123.webp';

async function webApp() {
  const dist = mkdtempSync(join(tmpdir(), 'copaiba-web-hints-'));
  mkdirSync(join(dist, 'assets'));
  // A built chunk with the compressed copies the build writes beside it (apps/web/precompress.ts).
  writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log("plain")');
  writeFileSync(join(dist, 'assets', 'app-1.js.br'), brotliCompressSync('console.log("br")'));
  writeFileSync(join(dist, 'assets', 'app-1.js.gz'), gzipSync('console.log("gz")'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Copaíba</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dist, 'route-hints.json'),
    JSON.stringify([
      { path: '/login', modules: ['/assets/login-1.js'], styles: ['/assets/login-1.css'] },
      {
        path: '/detail-token-issuer/:id',
        modules: ['/assets/detail-1.js'],
        styles: [],
        data: '/api/detail/:id',
        image: { field: 'token.picture', sizes: '100vw' },
      },
    ]),
  );
  const app = Fastify();
  app.get('/api/detail/:id', async (request, reply) =>
    (request.params as { id: string }).id === '7'
      ? { token: { picture: image } }
      : reply.status(404).send({ detail: 'Não encontrado.' }),
  );
  await app.register(webPlugin, { distDir: dist });
  await app.ready();
  return app;
}

const app = await webApp();
afterAll(() => app.close());
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('index.html for the hinted screens', () => {
  it("announces a screen's chunks and styles, and nothing on other paths", async () => {
    const login = await get('/login');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-1.js"><link rel="preload" as="style" crossorigin href="/assets/login-1.css"></head>',
    );
    const other = await get('/contact');
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('modulepreload');
  });

  it("preloads the token's API read and its largest image with the renditions' srcset", async () => {
    const page = await get('/detail-token-issuer/7');
    expect(page.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/detail/7">');
    expect(page.body).toContain(
      '<link rel="preload" as="image" imagesrcset="/media/images/abc123-480.webp 480w, /media/images/abc123-960.webp 960w, /media/images/abc123.webp 1600w" imagesizes="100vw" fetchpriority="high">',
    );
    const unknown = await get('/detail-token-issuer/8');
    expect(unknown.body).toContain('href="/api/detail/8"');
    expect(unknown.body).not.toContain('as="image"');
    expect((await get('/detail-token-issuer/abc')).body).not.toContain('modulepreload');
  });

  it('compresses the page and answers 304 to its ETag', async () => {
    const page = await get('/login', { 'accept-encoding': 'gzip, br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('/assets/login-1.js');
    const again = await get('/login', { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('the built files', () => {
  it('sends a chunk compressed as the client accepts, from the copies the build wrote', async () => {
    const br = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("br")');
    const gz = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("gz")');
    expect((await get('/assets/app-1.js')).body).toBe('console.log("plain")');
    // The copies are sent for their file's route; none has a route of its own.
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-1.js' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-1.js.br' })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-1.js.gz' })).toBe(false);
  });
});
