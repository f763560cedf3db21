import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the HTTP surface', () => {
  it('reports health once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/api/nada/', '/api/', '/api/user/../../etc/passwd', '/media/x.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Não encontrado.' });
    }
  });

  it('sends security headers: a strict CSP for pages, and for JSON a CSP that allows nothing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    const json = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(json.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(json.headers['x-frame-options']).toBe('DENY');
    expect(json.headers['x-dns-prefetch-control']).toBeUndefined();
    for (const res of [page, json]) {
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('publishes OpenAPI 3.1 generated from the route schemas at /api/docs', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toBe('3.1.0');
    for (const path of [
      '/api/account/register/',
      '/api/email/confirm/',
      '/api/login/common/',
      '/api/login/token-refresh/',
      '/api/user/',
      '/api/password/reset/',
      '/api/captcha/challenge/',
      '/api/health/',
    ]) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
    expect(
      spec.paths['/api/login/common/'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'password', 'captcha']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('hides every internal of a 5xx: a lost database answers a generic pt-BR detail', async () => {
    const lost = await createTestApp();
    try {
      await lost.database.close();
      const res = await lost.app.inject({
        method: 'POST',
        url: '/api/email/resend/',
        payload: { email: 'a@example.com' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Erro interno. Tente novamente mais tarde.' });
      const health = await lost.app.inject({ method: 'GET', url: '/api/health/' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable' });
    } finally {
      await lost.close();
    }
  });
});

describe('the web app', () => {
  it('serves hashed assets immutable and falls back to index.html for client routes', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'copaiba-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Copaíba</title><div id="root"></div>',
    );
    const script = 'console.log("Copaíba");'.repeat(100);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    const web = await createTestApp({ webDistDir: dist });
    try {
      const asset = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-encoding']).toBeUndefined();
      expect(asset.body).toBe(script);
      const compressed = await web.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
      for (const url of ['/', '/login', '/detail-token-issuer/3', '/wallet?x=1']) {
        const page = await web.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.body).toContain('<div id="root">');
      }
      const api = await web.app.inject({ method: 'GET', url: '/api/nada/' });
      expect(api.json()).toEqual({ detail: 'Não encontrado.' });
      const post = await web.app.inject({ method: 'POST', url: '/login' });
      expect(post.statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });
});
