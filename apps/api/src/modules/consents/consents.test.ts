import { consents, pixCharges, users } from '@copaiba/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  fundedInvestor,
  registration,
  signedIn,
  userIdOf,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { CURRENT_VERSIONS } from './consents.service.ts';

let t: TestApp;

beforeAll(async () => {
  // Behind one proxy the app trusts: the client's address comes from X-Forwarded-For.
  t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t.close());

const tableCount = async (table: typeof users | typeof consents | typeof pixCharges) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('consents (docs/product.md §15)', () => {
  it('registration requires the terms, and keeps their acceptance with version, time, IP and browser', async () => {
    const before = [await tableCount(users), await tableCount(consents)];
    for (const terms of [undefined, false, 'false', 'sim']) {
      const body: Record<string, unknown> = { ...registration(), captcha: await t.captcha() };
      if (terms === undefined) delete body.terms_accepted;
      else body.terms_accepted = terms;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/register/',
        payload: body,
      });
      expect(res.statusCode, String(terms)).toBe(400);
      expect(res.json()).toEqual({
        terms_accepted: ['É necessário aceitar os Termos de uso e Política de privacidade'],
      });
    }
    expect([await tableCount(users), await tableCount(consents)]).toEqual(before);

    const body = { ...registration(), captcha: await t.captcha() };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register/',
      payload: body,
      headers: { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (Teste)' },
    });
    expect(res.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    const rows = await t.db.select().from(consents).where(eq(consents.userId, user!.id));
    expect(rows).toEqual([
      expect.objectContaining({
        document: 'terms_of_use',
        version: CURRENT_VERSIONS.terms_of_use,
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (Teste)',
        acceptedAt: t.clock.now,
      }),
    ]);
  });

  it('a deposit requires its rules, and keeps their acceptance with the charge', async () => {
    const who = await signedIn(t);
    const charges = await tableCount(pixCharges);
    for (const agreed of [undefined, false, 'nao']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/wallet/pix/deposit/',
        headers: bearer(who),
        payload: {
          value: '100.00',
          ...(agreed === undefined ? {} : { agreements_accepted: agreed }),
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        agreements_accepted: ['Você precisa concordar com as regras de depósito'],
      });
    }
    expect(await tableCount(pixCharges)).toBe(charges);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/pix/deposit/',
      headers: { ...bearer(who), 'user-agent': 'App Copaíba' },
      payload: { value: '100.00', agreements_accepted: true },
    });
    expect(ok.statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(consents)
      .where(eq(consents.userId, await userIdOf(t, who)))
      .orderBy(consents.id);
    expect(rows.map((r) => [r.document, r.version, r.userAgent])).toEqual([
      ['terms_of_use', CURRENT_VERSIONS.terms_of_use, expect.any(String)],
      ['deposit_rules', CURRENT_VERSIONS.deposit_rules, 'App Copaíba'],
    ]);
  });

  it('lists a person their own consents, newest first, and puts them in the LGPD export', async () => {
    const who = await fundedInvestor(t, { balance: '100.00' });
    const other = await signedIn(t);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/privacy/consents/',
      headers: bearer(who),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: 3, next: null, previous: null });
    expect(page.json().results.map((r: { document_name: string }) => r.document_name)).toEqual([
      'Termo de Ciência de Risco',
      'Regras de depósito',
      'Termos de uso e Política de privacidade',
    ]);
    expect(page.json().results[0]).toEqual({
      id: expect.any(Number),
      document: 'risk_term',
      document_name: 'Termo de Ciência de Risco',
      version: expect.any(String),
      accepted_at: t.clock.now.toISOString(),
      ip: '127.0.0.1',
      user_agent: expect.any(String),
    });
    const others = await t.app.inject({
      method: 'GET',
      url: '/api/privacy/consents/',
      headers: bearer(other),
    });
    expect(others.json().count).toBe(1);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/user/data-export/',
      headers: bearer(who),
    });
    expect(exported.json().consents.map((c: { document: string }) => c.document)).toEqual([
      'terms_of_use',
      'deposit_rules',
      'risk_term',
    ]);
  });
});
