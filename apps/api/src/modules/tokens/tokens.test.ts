import { tokens } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creatorWithIssuer,
  document,
  fullTokenForm,
  image,
  incompleteTokenOf,
  send,
  signedIn,
  tokenForm,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let creator: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-22T12:00:00Z');
  creator = await creatorWithIssuer(t, { cnpj: '11.222.333/0001-81' });
  other = await creatorWithIssuer(t, { cnpj: '12.ABC.345/01DE-35' });
});
afterAll(() => t.close());

describe('POST /api/token/', () => {
  it('is refused to investors with the detail the web shows', async () => {
    const investor = await signedIn(t);
    const res = await send(t, 'POST', '/api/token/', investor.access, await fullTokenForm());
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain('Apenas criadores de token');
  });

  it('creates an Incompleto token from pt-BR money, with a derived unique symbol', async () => {
    const res = await send(t, 'POST', '/api/token/', creator.access, await fullTokenForm());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Token cadastrado com sucesso!',
      id: expect.any(Number),
    });
    const [row] = await t.db.select().from(tokens).where(eq(tokens.id, res.json().id));
    expect(row).toMatchObject({
      status: 'incomplete',
      offerStatus: null,
      symbol: 'ACAIMM',
      unitPriceCents: 100_00n,
      interestRateBp: 1250,
      minimumAmountRaisedCents: 40_000_00n,
      maximumAmountRaisedCents: 50_000_00n,
    });
    const second = await send(t, 'POST', '/api/token/', creator.access, await fullTokenForm());
    const [again] = await t.db.select().from(tokens).where(eq(tokens.id, second.json().id));
    expect(again?.symbol).toBe('ACAIMM2');
  });

  it("says the product's text for each missing file, and refuses the wrong kind of file", async () => {
    const missing = await send(
      t,
      'POST',
      '/api/token/',
      creator.access,
      tokenForm({ project_blade: undefined }),
    );
    expect(missing.json()).toEqual({
      project_blade: ['Lâmina PDF do projeto está ausente.'],
      operation_flow: ['Fluxo de operações está ausente.'],
      project_structure: ['Estrutura do projeto está ausente.'],
    });
    const wrong = await send(
      t,
      'POST',
      '/api/token/',
      creator.access,
      await fullTokenForm({ project_blade: await image('lamina.pdf') }),
    );
    expect(wrong.json()).toEqual({ project_blade: ['Selecione um arquivo PDF válido.'] });
    const notImage = await send(
      t,
      'POST',
      '/api/token/',
      creator.access,
      await fullTokenForm({ operation_flow: document('fluxo.png') }),
    );
    expect(notImage.json()).toEqual({ operation_flow: ['Selecione uma imagem válida'] });
  });

  it('enforces the funding terms', async () => {
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [
        { deadline_for_funding: '2026-11-21' },
        { deadline_for_funding: ['O prazo de captação não pode ser anterior a hoje.'] },
      ],
      [
        { first_date_installment: '2027-01-28' },
        {
          first_date_installment: [
            'A primeira parcela não pode ser anterior ao prazo de captação.',
          ],
        },
      ],
      [{ installments: '0' }, { installments: ['O número de parcelas deve ser de 1 a 12.'] }],
      [{ installments: '13' }, { installments: ['O número de parcelas deve ser de 1 a 12.'] }],
      [{ unit_price: '0,00' }, { unit_price: ['O preço unitário mínimo é R$ 0,01.'] }],
      [{ unit_price: '-5' }, { unit_price: ['Informe um valor em reais, ex. 1.500,00.'] }],
      [{ quantity: '-1' }, { quantity: ['Informe uma quantidade inteira de pelo menos 1.'] }],
      [{ quantity: '2.5' }, { quantity: ['Informe uma quantidade inteira de pelo menos 1.'] }],
      [
        { minimum_amount_raised: '60.000,00' },
        { minimum_amount_raised: ['A captação mínima não pode ser maior que a máxima.'] },
      ],
      [
        { practiced_interest_rate: 'doze' },
        { practiced_interest_rate: ['Informe um percentual entre 0 e 1000, com até duas casas.'] },
      ],
      [{ deadline_for_funding: '2027-02-30' }, { deadline_for_funding: ['Data inválida'] }],
      [{ symbol: 'a!' }, { symbol: ['O símbolo deve ter de 2 a 8 letras maiúsculas ou números.'] }],
    ];
    for (const [override, expected] of cases) {
      const res = await send(
        t,
        'POST',
        '/api/token/',
        creator.access,
        await fullTokenForm(override),
      );
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json(), JSON.stringify(override)).toEqual(expected);
    }
  });

  it('refuses a symbol already taken', async () => {
    await incompleteTokenOf(t, creator, { symbol: 'MELX' });
    const res = await send(
      t,
      'POST',
      '/api/token/',
      other.access,
      await fullTokenForm({ symbol: 'melx' }),
    );
    expect(res.json()).toEqual({ symbol: ['Este símbolo já está em uso.'] });
  });
});

describe('editing a token', () => {
  it("shows the creator's own token for editing and hides another creator's", async () => {
    const id = await incompleteTokenOf(t, creator);
    const mine = await send(t, 'GET', `/api/token/detail/${id}`, creator.access);
    expect(mine.json()).toMatchObject({
      id,
      unit_price: '100.00',
      practiced_interest_rate: '12.50',
      status: 'incomplete',
      can_register_product: true,
    });
    expect(mine.json().project_blade).toMatch(/^\/media\/docs\/.+\.pdf$/);
    for (const [method, url] of [
      ['GET', `/api/token/detail/${id}`],
      ['PUT', `/api/token/update/${id}`],
    ] as const) {
      const res = await send(
        t,
        method,
        url,
        other.access,
        method === 'PUT' ? { name: 'Meu' } : undefined,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Token não encontrado.' });
    }
  });

  it('updates only what changed (201), refuses no change, keeps the rules on the merged token', async () => {
    const id = await incompleteTokenOf(t, creator);
    const nothing = await send(t, 'PUT', `/api/token/update/${id}`, creator.access, {
      unit_price: '100.00',
      name: 'Açaí Manejado do Marajó',
    });
    expect(nothing.json()).toEqual({ detail: 'Nenhum campo foi alterado' });
    const merged = await send(t, 'PUT', `/api/token/update/${id}`, creator.access, {
      first_date_installment: '2027-01-01',
    });
    expect(merged.json()).toEqual({
      first_date_installment: ['A primeira parcela não pode ser anterior ao prazo de captação.'],
    });

    const before = (await send(t, 'GET', `/api/token/detail/${id}`, creator.access)).json();
    const res = await send(t, 'PUT', `/api/token/update/${id}`, creator.access, {
      unit_price: '150,00',
      project_blade: document('nova-lamina.pdf'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Token atualizado com sucesso!' });
    const after = (await send(t, 'GET', `/api/token/detail/${id}`, creator.access)).json();
    expect(after).toMatchObject({
      unit_price: '150.00',
      name: before.name,
      quantity: before.quantity,
    });
    expect(after.project_blade).not.toBe(before.project_blade);
    expect(await t.storage.get(before.project_blade.replace('/media/', ''))).toBeNull();
  });

  it('refuses to edit an issued token and changes nothing', async () => {
    const id = await incompleteTokenOf(t, creator);
    await t.db
      .update(tokens)
      .set({ status: 'issued', offerStatus: 'funding', issuedAt: new Date() })
      .where(eq(tokens.id, id));
    const res = await send(t, 'PUT', `/api/token/update/${id}`, creator.access, {
      name: 'Outro nome',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Este token já foi emitido e não pode mais ser editado.',
    });
    const [row] = await t.db.select({ name: tokens.name }).from(tokens).where(eq(tokens.id, id));
    expect(row?.name).toBe('Açaí Manejado do Marajó');
  });
});

describe('GET /api/token-issuer/token-list', () => {
  it("lists only the creator's tokens, five a page, newest first", async () => {
    const fresh = await creatorWithIssuer(t, { cnpj: '45.997.418/0001-53' });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await incompleteTokenOf(t, fresh, { name: `Token ${i}` }));
    const first = (
      await send(t, 'GET', '/api/token-issuer/token-list?page=1', fresh.access)
    ).json();
    expect(first.count).toBe(6);
    expect(first.results.map((r: { id: number }) => r.id)).toEqual(ids.slice(1).reverse());
    expect(first.results[0]).toMatchObject({
      can_register_product: true,
      status: 'incomplete',
      datetime_created: expect.any(String),
    });
    expect(first.next).toBe('/api/token-issuer/token-list?page=2');
    expect(
      (await send(t, 'GET', '/api/token-issuer/token-list?page=3', fresh.access)).statusCode,
    ).toBe(404);
  });
});
