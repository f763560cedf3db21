import { gunzipSync } from 'node:zlib';
import { tokens } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueChanged,
  createPublicCache,
  currentCatalogueVersion,
} from '../../lib/public-cache.ts';
import {
  buyTokens,
  fundedInvestor,
  insertIssuer,
  insertProject,
  insertReleasedToken,
  insertToken,
  issueToken,
  signedIn,
} from '../../testing/fixtures.ts';
import { testIdentity } from '../../testing/test-keys.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { errorsPlugin } from '../../plugins/errors.ts';
import { catalogueRoutes } from './catalogue.routes.ts';

describe('the public cache', () => {
  it('serves an answer until the catalogue version moves or it expires', async () => {
    let clock = 0;
    const cache = createPublicCache({ ttlMs: 1000, clock: () => clock });
    let produced = 0;
    const produce = async () => JSON.stringify({ n: ++produced });
    expect((await cache.get('k', produce)).body).toBe('{"n":1}');
    expect((await cache.get('k', produce)).body).toBe('{"n":1}');
    catalogueChanged();
    expect((await cache.get('k', produce)).body).toBe('{"n":2}');
    clock += 999;
    expect((await cache.get('k', produce)).body).toBe('{"n":2}');
    clock += 1;
    expect((await cache.get('k', produce)).body).toBe('{"n":3}');
  });

  it('shares one fill between concurrent readers, and drops a fill a write overtook', async () => {
    const cache = createPublicCache({ ttlMs: 60_000 });
    let produced = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async () => {
      produced++;
      await gate;
      return '"old"';
    };
    const readers = [cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)];
    const version = currentCatalogueVersion();
    catalogueChanged(); // a write commits while the first reader's query runs
    release();
    const answers = await Promise.all(readers);
    expect(produced).toBe(1);
    expect(answers.map((a) => a.body)).toEqual(['"old"', '"old"', '"old"']);
    expect(currentCatalogueVersion()).toBe(version + 1);
    // Not kept: the next reader queries again.
    expect((await cache.get('k', async () => '"new"')).body).toBe('"new"');
    expect(cache.size).toBe(1);
  });

  it('remembers an answer by URL under the same rules, apart from the answers it keys', async () => {
    let clock = 0;
    const cache = createPublicCache({ ttlMs: 1000, maxEntries: 3, clock: () => clock });
    const answer = await cache.get('k', async () => '"a"');
    cache.rememberUrl('/a', answer);
    expect(cache.peekUrl('/a')?.body).toBe('"a"');
    expect(cache.peekUrl('/b')).toBeUndefined();
    clock += 1000;
    expect(cache.peekUrl('/a')).toBeUndefined();
    const next = await cache.get('k', async () => '"b"');
    cache.rememberUrl('/a', next);
    catalogueChanged();
    expect(cache.peekUrl('/a')).toBeUndefined();
    // An answer a write overtook is not remembered either.
    cache.rememberUrl('/a', next);
    expect(cache.peekUrl('/a')).toBeUndefined();
    // Any number of URLs (query strings are free) never evicts the answers themselves.
    const kept = await cache.get('k', async () => '"c"');
    for (let i = 0; i < 10; i++) cache.rememberUrl(`/a?junk=${i}`, kept);
    expect(cache.size).toBe(1);
    expect(cache.peekUrl('/a?junk=9')?.body).toBe('"c"');
    expect(cache.peekUrl('/a?junk=0')).toBeUndefined();
  });

  it('keeps at most maxEntries answers', async () => {
    const cache = createPublicCache({ ttlMs: 60_000, maxEntries: 3 });
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => String(i));
    expect(cache.size).toBe(3);
  });
});

describe('cached catalogue reads', () => {
  let t: TestApp;
  /** The catalogue routes alone, caching for a minute: only invalidation can freshen them. */
  let catalogue: ReturnType<typeof Fastify>;
  let tokenId: number;
  let issuerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(catalogueRoutes, {
      prefix: '/api',
      db: t.db,
      now: () => t.clock.now,
      cacheTtlMs: 60_000,
      investorProtection: { desistencia_days: 5, annual_investment_limit: '20000.00' },
      identity: testIdentity,
    });
    catalogue = app;
    issuerId = (await insertIssuer(t.db, { institution: 'Cooperativa em Cache' })).id;
    tokenId = (
      await insertToken(t.db, issuerId, {
        quantity: 1000,
        maximumAmountRaisedCents: 100_000_00n,
        deadlineForFunding: '2099-12-31',
      })
    ).id;
    await insertProject(t.db, tokenId);
  });
  afterAll(async () => {
    await catalogue.close();
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    catalogue.inject({ method: 'GET', url, headers });
  const detailUrl = () => `/api/token-issuer-token-project/detail/${tokenId}`;

  it('answers with an ETag and revalidation headers, and 304 to a matching If-None-Match', async () => {
    const first = await get('/api/token/list/');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/token/list/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/api/token/list/', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get('/api/token/list/', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it("recomputes the token detail when São Paulo's date changes", async () => {
    const saved = t.clock.now;
    try {
      t.clock.now = new Date('2026-11-22T02:59:00Z'); // 23:59 of the 21st in São Paulo
      const late = await get(detailUrl());
      expect(late.statusCode).toBe(200);
      await t.db
        .update(tokens)
        .set({ name: 'Renomeado à Meia-noite' })
        .where(eq(tokens.id, tokenId));
      expect((await get(detailUrl())).json().token.name).toBe(late.json().token.name);
      t.clock.now = new Date('2026-11-22T03:00:00Z'); // the 22nd: a new key
      expect((await get(detailUrl())).json().token.name).toBe('Renomeado à Meia-noite');
    } finally {
      t.clock.now = saved;
    }
  });

  it('gzips an answer for a client that accepts it, with its own ETag', async () => {
    const plain = await get(detailUrl());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (let i = 0; i < 2; i++) {
      // The second one comes from the answer remembered by URL.
      const zipped = await get(detailUrl(), { 'accept-encoding': 'br, gzip, deflate' });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(zipped.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-gz"`);
      const revalidated = await get(detailUrl(), {
        'accept-encoding': 'gzip',
        'if-none-match': zipped.headers.etag as string,
      });
      expect(revalidated.statusCode).toBe(304);
    }
    const refused = await get(detailUrl(), { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('validates a URL it has not answered, even one close to a cached one', async () => {
    expect((await get('/api/token/list/')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const invalid = await get('/api/token/list/?page=0');
      expect(invalid.statusCode).toBe(404);
      expect(invalid.json()).toEqual({ detail: 'Página inválida.' });
    }
  });

  it('keeps serving the cached answer while nothing invalidates it', async () => {
    const before = (await get('/api/token/list/')).json();
    // A write behind the application's back (no catalogueChanged): not seen within the TTL.
    await insertToken(t.db, issuerId, { issuedAt: new Date(Date.UTC(2027, 0, 1)) });
    expect((await get('/api/token/list/')).json()).toEqual(before);
    catalogueChanged();
    expect((await get('/api/token/list/')).json().count).toBe(before.count + 1);
  });

  it('shows a purchase on the next read', async () => {
    const before = await get(detailUrl());
    expect(before.json().quantity_token_left).toEqual({ value: 1000 });
    const buyer = await fundedInvestor(t, { balance: '1000.00' });
    const bought = await buyTokens(t, buyer, tokenId, 3);
    expect(bought.statusCode).toBe(201);
    const after = await get(detailUrl(), { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().quantity_token_left).toEqual({ value: 997 });
    expect(after.json().token.tokens_sold).toBe(3);
    const card = (await get(`/api/token/list/${issuerId}?page_size=10`))
      .json()
      .results.find((c: { id: number }) => c.id === tokenId);
    expect(card).toMatchObject({ tokens_sold: 3, buyers: 1 });
  });

  it('shows an issued token on the next read', async () => {
    const released = await insertReleasedToken(t.db, issuerId);
    expect((await get(`/api/token-issuer-token-project/detail/${released.id}`)).statusCode).toBe(
      404,
    );
    const listed = (await get(`/api/token/list/${issuerId}?page_size=10`)).json().count;
    const admin = await signedIn(t, { admin: true });
    const issued = await issueToken(t, admin, released.id);
    expect(issued.statusCode).toBe(201);
    expect((await get(`/api/token-issuer-token-project/detail/${released.id}`)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/token/list/${issuerId}?page_size=10`)).json().count).toBe(listed + 1);
  });
});
