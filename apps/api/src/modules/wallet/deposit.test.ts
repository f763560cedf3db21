import jsQR from 'jsqr';
import { parsePix, hasError, isStaticPix } from 'pix-utils';
import sharp from 'sharp';
import { pixCharges } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  payInSandbox,
  requestDeposit,
  signedIn,
  walletBalance,
  type Bearer,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ledgerTotal } from '../ledger/ledger.ts';

let t: TestApp;
const SECRET = 'segredo-do-webhook-de-teste-123456';

beforeAll(async () => {
  t = await createTestApp({
    env: { PIX_WEBHOOK_SECRET: SECRET, DEPOSIT_MONTHLY_LIMIT: '1000.00' },
  });
});
afterAll(() => t.close());

const deposit = (who: Bearer, value: unknown, key?: string) => requestDeposit(t, who, value, key);
const balance = (who: Bearer) => walletBalance(t, who);
const limit = async (who: Bearer) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/wallet/balance/deposit-limit/',
      headers: bearer(who),
    })
  ).json();
const webhook = (pix: object[], hmac = SECRET) =>
  t.app.inject({
    method: 'POST',
    url: `/api/webhooks/pix/?hmac=${encodeURIComponent(hmac)}`,
    payload: { pix },
  });
const e2e = (n: number) => `E${String(n).padStart(31, '0')}`;

describe('depositing by Pix', () => {
  it('starts at zero', async () => {
    const who = await signedIn(t);
    expect(await balance(who)).toEqual({
      balance: '0.00',
      total_token_balance: '0.00',
      maximum_withdrawal_limit: '20000.00',
      withdrawal_to_use: '20000.00',
    });
    expect(await limit(who)).toEqual({ deposit_in_the_month: '0.00', deposit_to_use: '1000.00' });
  });

  it("says the product's texts for amounts that are not allowed", async () => {
    const who = await signedIn(t);
    const cases: Array<[unknown, string]> = [
      ['24,99', 'Valor mínimo de depósito é de R$ 25,00'],
      ['abc', 'Valor de depósito não permitido'],
      ['0', 'Valor de depósito não permitido'],
      ['-30', 'Valor de depósito não permitido'],
      ['1000,01', 'Valor de depósito não permitido'],
      ['1e3', 'Valor de depósito não permitido'],
    ];
    for (const [value, message] of cases) {
      const res = await deposit(who, value);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json()).toEqual({ value: [message] });
    }
    expect(await t.db.select().from(pixCharges)).toHaveLength(0);
  });

  it('creates a charge whose BR Code an independent parser reads back, with a QR image', async () => {
    const who = await signedIn(t);
    const res = await deposit(who, '150,00');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      value: '150.00',
      txid: expect.stringMatching(/^CPB[a-f0-9]{22}$/),
    });
    // The image, decoded by sharp and read by a QR reader, is the same BR Code.
    expect(body.qrcode_image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(body.qrcode_image.split(',')[1], 'base64');
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThanOrEqual(320);
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(body.qrcode);
    expect(new Date(body.expires_at).getTime() - t.clock.now.getTime()).toBe(3_600_000);
    const parsed = parsePix(body.qrcode);
    expect(hasError(parsed) || !isStaticPix(parsed)).toBe(false);
    if (!hasError(parsed) && isStaticPix(parsed)) {
      expect(parsed).toMatchObject({
        transactionAmount: 150,
        txid: body.txid,
        pixKey: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
      });
    }
    expect(await limit(who)).toEqual({ deposit_in_the_month: '0.00', deposit_to_use: '850.00' });
  });

  it('credits the wallet once per payment, whatever the PSP repeats', async () => {
    const who = await signedIn(t);
    const { txid } = (await deposit(who, '200.00')).json();
    const pix = { endToEndId: e2e(1), txid, valor: '200.00', horario: new Date().toISOString() };
    const results = await Promise.all(Array.from({ length: 8 }, () => webhook([pix])));
    const outcomes = results.flatMap((r) =>
      r.json().results.map((x: { result: string }) => x.result),
    );
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(7);
    const otherE2e = await webhook([{ ...pix, endToEndId: e2e(2) }]);
    expect(otherE2e.json().results[0].result).toBe('duplicate');
    expect((await balance(who)).balance).toBe('200.00');
    expect(await limit(who)).toEqual({ deposit_in_the_month: '200.00', deposit_to_use: '800.00' });
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('refuses forged webhooks and ignores unknown charges and wrong amounts', async () => {
    const who = await signedIn(t);
    const { txid } = (await deposit(who, '50.00')).json();
    const pix = { endToEndId: e2e(3), txid, valor: '50.00', horario: new Date().toISOString() };
    for (const hmac of ['', 'errado', SECRET.slice(0, -1), `${SECRET}x`]) {
      const res = await webhook([pix], hmac);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Webhook não autenticado.' });
    }
    const noHmac = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/pix/',
      payload: { pix: [pix] },
    });
    expect(noHmac.statusCode).toBe(401);
    expect((await webhook([{ ...pix, txid: 'CPBdesconhecido' }])).json().results[0].result).toBe(
      'unknown_charge',
    );
    expect((await webhook([{ ...pix, valor: '5000.00' }])).json().results[0].result).toBe(
      'amount_mismatch',
    );
    expect((await balance(who)).balance).toBe('0.00');
    const [charge] = await t.db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
    expect(charge?.status).toBe('pending');
  });

  it('pays a charge in sandbox mode through the same webhook path', async () => {
    const who = await signedIn(t);
    const { txid } = (await deposit(who, '75,50')).json();
    const paid = await payInSandbox(t, txid);
    expect(paid.statusCode).toBe(200);
    expect((await balance(who)).balance).toBe('75.50');
    const again = await payInSandbox(t, txid);
    expect(again.statusCode).toBe(409);
    expect((await balance(who)).balance).toBe('75.50');
  });

  it('answers a retry with the same Idempotency-Key with the first charge', async () => {
    const who = await signedIn(t);
    const key = 'deposito-0001-abcdef';
    const [a, b] = await Promise.all([deposit(who, '100.00', key), deposit(who, '100.00', key)]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json().txid).toBe(b.json().txid);
    const third = await deposit(who, '100.00', key);
    expect(third.json().txid).toBe(a.json().txid);
    const mine = await t.db.select().from(pixCharges).where(eq(pixCharges.txid, a.json().txid));
    expect(mine).toHaveLength(1);
    expect((await limit(who)).deposit_to_use).toBe('900.00');
    const other = await deposit(who, '120.00', key);
    expect(other.statusCode).toBe(422);
    expect((await deposit(who, '100.00', 'curta')).statusCode).toBe(400);
  });

  it('never lets concurrent charges exceed the monthly allowance', async () => {
    const who = await signedIn(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => deposit(who, '300.00')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(3);
    expect((await limit(who)).deposit_to_use).toBe('100.00');
  });
});
