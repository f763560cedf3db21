import { tokens } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertIssuer, insertProject, insertToken } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('an empty catalogue', () => {
  it('answers an empty first page and 404 past it', async () => {
    expect((await get('/api/token/list/')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await get('/api/token-issuer/list/')).json().count).toBe(0);
    expect((await get('/api/token/list/?page=2')).statusCode).toBe(404);
  });
});

describe('the public catalogue', () => {
  let issuer: Awaited<ReturnType<typeof insertIssuer>>;
  let hidden: Awaited<ReturnType<typeof insertIssuer>>;
  const issued: number[] = [];
  let incomplete: number;
  let released: number;

  beforeAll(async () => {
    issuer = await insertIssuer(t.db, { institution: 'Cooperativa Visível' });
    hidden = await insertIssuer(t.db, { institution: 'Emissor Sem Token Emitido' });
    for (let i = 0; i < 4; i++) {
      const token = await insertToken(t.db, issuer.id, {
        issuedAt: new Date(Date.UTC(2026, 9, 1 + i)),
      });
      issued.push(token.id);
    }
    const sold = await insertToken(t.db, issuer.id, {
      offer: 'all_sold',
      issuedAt: new Date(Date.UTC(2026, 9, 10)),
      unitsSold: 500,
      amountCapitatedCents: 50_000_00n,
      buyers: 37,
    });
    issued.push(sold.id);
    await insertProject(t.db, sold.id);
    incomplete = (await insertToken(t.db, hidden.id, { status: 'incomplete' })).id;
    released = (await insertToken(t.db, hidden.id, { status: 'released' })).id;
  });

  it('lists only issued tokens, newest first, three a page, with DRF links', async () => {
    const first = (await get('/api/token/list/?page=1')).json();
    expect(first.count).toBe(5);
    expect(first.results.map((r: { id: number }) => r.id)).toEqual([
      issued[4],
      issued[3],
      issued[2],
    ]);
    expect(first.next).toBe('/api/token/list/?page=2');
    expect(first.previous).toBeNull();
    const second = (await get('/api/token/list/?page=2')).json();
    expect(second.results.map((r: { id: number }) => r.id)).toEqual([issued[1], issued[0]]);
    expect(second).toMatchObject({ next: null, previous: '/api/token/list/?page=1' });
    const ids = [...first.results, ...second.results].map((r: { id: number }) => r.id);
    expect(ids).not.toContain(incomplete);
    expect(ids).not.toContain(released);
  });

  it('names every card field as docs/product.md §3 does, money as decimal strings', async () => {
    const [card] = (await get('/api/token/list/')).json().results;
    expect(Object.keys(card).sort()).toEqual(
      [
        'id',
        'name',
        'symbol',
        'token_issuer__id',
        'token_issuer__institution',
        'token_issuer__token_issuer_image',
        'token_issuer__logo_image',
        'is_funding',
        'is_all_sold',
        'is_distributing',
        'amount_capitated',
        'unit_price',
        'quantity',
        'practiced_interest_rate',
        'buyers',
        'tokens_sold',
        'deadline_for_funding',
      ].sort(),
    );
    expect(card).toMatchObject({
      token_issuer__id: issuer.id,
      token_issuer__logo_image: '/media/images/logo.webp',
      is_funding: false,
      is_all_sold: true,
      is_distributing: false,
      amount_capitated: '50000.00',
      unit_price: '100.00',
      practiced_interest_rate: '12.50',
      buyers: 37,
      tokens_sold: 500,
    });
  });

  it('refuses pages that are not pages with the DRF 404', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '99', '1e3', '99999999999999999999']) {
      const res = await get(`/api/token/list/?page=${page}`);
      expect(res.statusCode, page).toBe(404);
      expect(res.json()).toEqual({ detail: 'Página inválida.' });
    }
  });

  it("lists one issuer's issued tokens two a page", async () => {
    const res = (await get(`/api/token/list/${issuer.id}?page=1&page_size=2`)).json();
    expect(res.count).toBe(5);
    expect(res.results).toHaveLength(2);
    expect(res.next).toBe(`/api/token/list/${issuer.id}?page_size=2&page=2`);
    expect((await get(`/api/token/list/${hidden.id}?page=1&page_size=2`)).statusCode).toBe(404);
  });

  it('lists issuers that have an issued token, four a page', async () => {
    const res = (await get('/api/token-issuer/list/?page=1')).json();
    expect(res.results.map((r: { id: number }) => r.id)).toEqual([issuer.id]);
    expect(res.results[0]).toEqual({
      id: issuer.id,
      institution: 'Cooperativa Visível',
      summary: 'Resumo',
      token_issuer_image: '/media/images/issuer.webp',
      logo_image: '/media/images/logo.webp',
    });
  });

  it('shows an issuer with its representatives, and hides one without issued tokens', async () => {
    const res = await get(`/api/token-issuer/detail/${issuer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      institution: 'Cooperativa Visível',
      founding_date: '2010-05-20',
      site: 'https://coop.example.org',
      representatives: [
        { name: 'R1', summary: 'S1', photography: '/media/images/r1.webp' },
        { name: 'R2', summary: 'S2', photography: '/media/images/r2.webp' },
        { name: 'R3', summary: 'S3', photography: '/media/images/r3.webp' },
      ],
    });
    expect((await get(`/api/token-issuer/detail/${hidden.id}`)).json()).toEqual({
      detail: 'Emissor não encontrado.',
    });
  });

  it('details a token with issuer, project, schedule, installment per unit and units left', async () => {
    const id = issued[4]!;
    await t.db
      .update(tokens)
      .set({ maximumAmountRaisedCents: 80_000_00n })
      .where(eq(tokens.id, id));
    const res = await get(`/api/token-issuer-token-project/detail/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'amount_to_pay',
        'investor_protection',
        'payment_schedule',
        'project',
        'quantity_token_left',
        'token',
        'token_issuer',
      ].sort(),
    );
    // The platform's desistência window and default annual limit (docs/product.md §15).
    expect(body.investor_protection).toEqual({
      desistencia_days: 5,
      annual_investment_limit: '20000.00',
    });
    expect(body.token).toMatchObject({
      id,
      unit_price: '100.00',
      practiced_interest_rate: '12.50',
      installments: 12,
      first_date_installment: '2027-03-31',
      project_blade: '/media/docs/blade.pdf',
      operation_flow: '/media/images/flow.webp',
      contract_address: null,
      scan_hash_transaction: null,
    });
    expect(body.token_issuer.id).toBe(issuer.id);
    expect(body.project).toMatchObject({
      benefited_families: '120 famílias',
      token_issuance_term: '/media/docs/term.pdf',
      project_photography: ['/media/images/ph1.webp', '/media/images/ph2.webp'],
      impact_summary: ['/media/images/i1.webp'],
      representatives: [
        { name: 'Rep 2', summary: 'Resumo 2', photography: '/media/images/p2.webp' },
      ],
    });
    expect(body.payment_schedule).toHaveLength(12);
    expect(body.payment_schedule.slice(0, 2)).toEqual([
      { date: '2027-03-31', installment_number: 1, status: 'pendente' },
      { date: '2027-04-30', installment_number: 2, status: 'pendente' },
    ]);
    // 100,00 × 1,125 / 12 = 9,375 → 9,38 (half-even)
    expect(body.amount_to_pay).toEqual({ value: '9.38' });
    // Sold out: nothing left to buy, whatever the arithmetic of the terms.
    expect(body.quantity_token_left).toEqual({ value: 0 });
    // An open offer: min(1000, 80.000,00 / 100,00 = 800) − 500 sold.
    await t.db
      .update(tokens)
      .set({ offerStatus: 'funding', unitsSold: 500 })
      .where(eq(tokens.id, id));
    const open = (await get(`/api/token-issuer-token-project/detail/${id}`)).json();
    expect(open.quantity_token_left).toEqual({ value: 300 });
    await t.db.update(tokens).set({ offerStatus: 'all_sold' }).where(eq(tokens.id, id));
  });

  it('marks past installments atrasado by the São Paulo date', async () => {
    t.clock.now = new Date('2027-04-01T12:00:00Z');
    const body = (await get(`/api/token-issuer-token-project/detail/${issued[0]}`)).json();
    expect(body.payment_schedule[0].status).toBe('atrasado');
    expect(body.payment_schedule[1].status).toBe('pendente');
    expect(body.project).toBeNull();
    t.clock.now = new Date();
  });

  it('answers 404 with a detail for private, unknown and malformed ids, never a 500', async () => {
    for (const id of [incomplete, released, 999_999]) {
      const res = await get(`/api/token-issuer-token-project/detail/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Token não encontrado.' });
    }
    for (const id of [
      'abc',
      '-1',
      '0',
      '1.5',
      '99999999999999999999',
      '%27%20OR%201%3D1',
      '1;drop',
    ]) {
      for (const path of [
        '/api/token-issuer-token-project/detail/',
        '/api/token-issuer/detail/',
        '/api/token/list/',
      ]) {
        const res = await get(`${path}${id}`);
        expect(res.statusCode, `${path}${id}`).toBe(404);
        expect(typeof res.json().detail).toBe('string');
      }
    }
  });
});
