import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  fundWallet,
  insertIssuer,
  insertProject,
  insertToken,
  signedIn,
  type SignedIn,
} from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let investor: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  investor = await signedIn(t);
  // Movements enough for a data export of more than 1 KB.
  for (const value of ['100.00', '250.00', '75.50', '32.10', '500.00', '60.00'])
    await fundWallet(t, investor, value);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(investor), ...headers } });

describe('gzip of the API answers', () => {
  it('gzips a signed-in JSON answer of 1 KB or more for a client that accepts it', async () => {
    const plain = await get('/api/user/data-export/');
    const zipped = await get('/api/user/data-export/', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('gzips an answer of 64 KB and more off the event loop, to the same bytes', async () => {
    // The API docs: public, 170 KB of JSON, no ETag of their own.
    const docs = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
    const plain = await docs({});
    const zipped = await docs({ 'accept-encoding': 'gzip' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(64 * 1024);
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('answers as is to a client that refuses gzip', async () => {
    const refused = await get('/api/user/data-export/', {
      'accept-encoding': 'gzip;q=0, identity',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.length).toBeGreaterThanOrEqual(1024);
    expect(refused.json()).toBeTypeOf('object');
  });

  it('leaves small answers and the catalogue’s own gzip as they are', async () => {
    const small = await get('/api/wallet/balance/brlt/', { 'accept-encoding': 'gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('balance');
    // Gzipped once by the catalogue (it has its own ETag for that representation), not twice.
    const issuer = await insertIssuer(t.db, { institution: 'Cooperativa Comprimida' });
    const token = await insertToken(t.db, issuer.id, { quantity: 1000 });
    await insertProject(t.db, token.id);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/token-issuer-token-project/detail/${token.id}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['content-encoding']).toBe('gzip');
    expect(detail.headers.etag).toMatch(/-gz"$/);
    expect(JSON.parse(gunzipSync(detail.rawPayload).toString())).toHaveProperty('token');
  });
});
