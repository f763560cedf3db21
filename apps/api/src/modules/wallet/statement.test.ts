import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buyTokens,
  fundedInvestor,
  fundWallet,
  insertIssuer,
  insertToken,
  signedIn,
  type Bearer,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let who: Bearer;
let acai: number;
let mel: number;

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who) });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
  const issuer = await insertIssuer(t.db);
  acai = (
    await insertToken(t.db, issuer.id, {
      name: 'Açaí Manejado',
      symbol: 'ACAI27',
      firstDateInstallment: '2027-03-31',
    })
  ).id;
  mel = (
    await insertToken(t.db, issuer.id, {
      name: 'Mel do Xingu',
      symbol: 'MELX',
      unitPriceCents: 50_00n,
    })
  ).id;
  await insertToken(t.db, issuer.id, { offer: 'distributing' });
  who = await fundedInvestor(t, { balance: '500.00' });
  await fundWallet(t, who, '250,00');
  for (const [id, quantity] of [
    [acai, 2],
    [mel, 3],
    [acai, 1],
  ] as const) {
    await buyTokens(t, who, id, quantity);
  }
});
afterAll(() => t.close());

describe('the statement', () => {
  it('lists every movement, newest first, six a page, with the documented fields', async () => {
    const page = (await get('/api/wallet/transactions/todos?page=1')).json();
    expect(page.count).toBe(5);
    expect(page.results.map((r: { type_operation: string }) => r.type_operation)).toEqual([
      'Compra',
      'Compra',
      'Compra',
      'Depósito',
      'Depósito',
    ]);
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      type_operation: 'Compra',
      name_token: 'Açaí Manejado',
      quantity: 1,
      balance: '-100.00',
      datetime: expect.any(String),
      scan_hash_transaction: 'pendente',
    });
    expect(page.results[4]).toMatchObject({
      type_operation: 'Depósito',
      name_token: null,
      quantity: null,
      balance: '500.00',
      scan_hash_transaction: null,
    });
  });

  it('filters by kind and refuses unknown filters', async () => {
    expect((await get('/api/wallet/transactions/deposito')).json().count).toBe(2);
    expect((await get('/api/wallet/transactions/comprados')).json().count).toBe(3);
    expect((await get('/api/wallet/transactions/saque')).json().count).toBe(0);
    expect((await get('/api/wallet/transactions/remuneracao')).json().results).toEqual([]);
    const bad = await get('/api/wallet/transactions/tudo');
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ detail: 'Filtro inválido.' });
  });

  it('shows only the owner its movements', async () => {
    const other = await signedIn(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions/todos',
      headers: bearer(other),
    });
    expect(res.json().count).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/wallet/transactions/todos' })).statusCode,
    ).toBe(401);
  });
});

describe('Meus Ativos', () => {
  it('lists holdings with value and the next payment; search by name or symbol; 404 when empty', async () => {
    const all = (await get('/api/wallet/my-tokens/todos?page=1')).json();
    expect(all.count).toBe(2);
    const acaiRow = all.results.find((r: { id: number }) => r.id === acai);
    expect(acaiRow).toEqual({
      id: acai,
      name: 'Açaí Manejado',
      symbol: 'ACAI27',
      quantity: 3,
      remuneration: '0.00',
      effective_value: '300.00',
      installment_number: 1,
      next_payment: '2027-03-31',
      status_token: 'Em captação',
      // Nothing listed; an offer still funding has nothing to sell on the board (§18).
      quantity_listed: 0,
      can_sell: false,
    });
    expect(
      (await get('/api/wallet/my-tokens/mel')).json().results.map((r: { id: number }) => r.id),
    ).toEqual([mel]);
    expect((await get('/api/wallet/my-tokens/ACAI')).json().count).toBe(1);
    const none = await get('/api/wallet/my-tokens/castanha');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'Nenhum token encontrado.' });
    expect((await get('/api/wallet/my-tokens/%25')).statusCode).toBe(404);
    const balance = (await get('/api/wallet/balance/brlt/')).json();
    expect(balance).toMatchObject({ balance: '300.00', total_token_balance: '450.00' });
  });
});

describe('GET /api/token/list-private/', () => {
  it('shows logged-in investors the offers open for purchase', async () => {
    const res = (await get('/api/token/list-private/')).json();
    expect(res.results.every((r: { is_funding: boolean }) => r.is_funding)).toBe(true);
    expect(res.count).toBe(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/token/list-private/' })).statusCode,
    ).toBe(401);
  });
});
