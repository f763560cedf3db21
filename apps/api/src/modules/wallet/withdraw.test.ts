import { withdrawals } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  fundedInvestor,
  investorWithTwoFactor,
  requestWithdrawal,
  walletBalance,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ledgerTotal } from '../ledger/ledger.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WITHDRAW_MONTHLY_LIMIT: '400.00' } });
  t.clock.now = new Date('2026-11-22T12:00:00Z');
});
afterAll(() => t.close());

/** A funded investor, with two-factor on unless told otherwise, and requests acting as them. */
async function investor(balance: string, twoFactor = true) {
  const who = twoFactor
    ? await investorWithTwoFactor(t, { balance })
    : { ...(await fundedInvestor(t, { balance })), code: twoFactorIsOff };
  return {
    code: who.code,
    withdraw: (payload: object, key?: string) => requestWithdrawal(t, who, payload, key),
    balance: () => walletBalance(t, who),
    /** The statement of withdrawals ('saque'), as the API answers it. */
    withdrawals: async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/wallet/transactions/saque',
          headers: bearer(who),
        })
      ).json(),
  };
}

function twoFactorIsOff(): string {
  throw new Error('this investor has no authenticator: two-factor is off');
}

describe('withdrawing to a Pix key', () => {
  it('needs two-factor on', async () => {
    const who = await investor('100.00', false);
    const res = await who.withdraw({ token: '123456', value: '50.00', key_pix: 'ana@example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Ative a autenticação de dois fatores para sacar.' });
  });

  it('debits at once and pays out; the same code never works twice', async () => {
    const who = await investor('300.00');
    const code = who.code();
    const res = await who.withdraw({ token: code, value: '120,50', key_pix: 'ana@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Saque solicitado! O valor será enviado para a sua chave Pix.',
    });
    const [row] = await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, res.json().withdrawal_id));
    expect(row).toMatchObject({
      status: 'paid',
      amountCents: 120_50n,
      providerReference: expect.stringMatching(/^SANDBOX/),
    });
    expect(await who.balance()).toMatchObject({
      balance: '179.50',
      withdrawal_to_use: '279.50',
      maximum_withdrawal_limit: '400.00',
    });
    const replay = await who.withdraw({ token: code, value: '30.00', key_pix: 'ana@example.com' });
    expect(replay.json()).toEqual({ token: ['Código de autenticação inválido ou já usado.'] });
    const statement = await who.withdrawals();
    expect(statement.results[0]).toMatchObject({ type_operation: 'Saque', balance: '-120.50' });
  });

  it("says the product's texts for amounts and keys", async () => {
    const who = await investor('500.00');
    const cases: Array<[object, Record<string, string[]>]> = [
      [
        { value: '24,99', key_pix: 'ana@example.com' },
        { value: ['Valor mínimo para saque é de R$ 25,00'] },
      ],
      [
        { value: '600.00', key_pix: 'ana@example.com' },
        { value: ['Valor de saque ultrapassa o disponível da carteira'] },
      ],
      [
        { value: '450.00', key_pix: 'ana@example.com' },
        { value: ['Valor de saque ultrapassa o máximo permitido para o mês'] },
      ],
      [{ value: '30.00', key_pix: 'não é chave' }, { key_pix: ['Chave Pix inválida.'] }],
      [
        { value: '30.00', key_pix: 'ana@example.com', token: '12a' },
        { token: ['Preencha o código de autenticação do saque!'] },
      ],
    ];
    for (const [payload, expected] of cases) {
      t.advance(30_000);
      const res = await who.withdraw({ token: who.code(), ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    expect((await who.balance()).balance).toBe('500.00');
  });

  it('reverses a payout the bank refuses', async () => {
    const who = await investor('200.00');
    const res = await who.withdraw({
      token: who.code(),
      value: '80.00',
      key_pix: 'falha@sandbox.copaiba.dev',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, res.json().withdrawal_id));
    expect(row?.status).toBe('failed');
    expect(await who.balance()).toMatchObject({ balance: '200.00', withdrawal_to_use: '400.00' });
    const statement = await who.withdrawals();
    expect(
      statement.results.map((r: { type_operation: string; balance: string }) => [
        r.type_operation,
        r.balance,
      ]),
    ).toEqual([
      ['Estorno de saque', '80.00'],
      ['Saque', '-80.00'],
    ]);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('never pays the same balance twice to concurrent requests', async () => {
    const who = await investor('100.00');
    const [a, b] = await Promise.all([
      who.withdraw({ token: who.code(-1), value: '100.00', key_pix: '+5591999990000' }),
      who.withdraw({ token: who.code(0), value: '100.00', key_pix: '+5591999990000' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    expect((await who.balance()).balance).toBe('0.00');
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('answers a retry with the same Idempotency-Key without withdrawing twice', async () => {
    const who = await investor('300.00');
    const payload = { token: who.code(), value: '50.00', key_pix: '52998224725' };
    const first = await who.withdraw(payload, 'saque-0001-abcdef');
    const retry = await who.withdraw(payload, 'saque-0001-abcdef');
    expect(retry.json()).toEqual(first.json());
    expect((await who.balance()).balance).toBe('250.00');
  });
});
