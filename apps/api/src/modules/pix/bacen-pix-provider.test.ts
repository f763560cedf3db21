import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { idempotentRequests, pixCharges, users } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { hasError, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startFakePsp, type FakePsp } from '../../testing/fake-psp.ts';
import { requestDeposit, signedIn, walletBalance, type SignedIn } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ledgerTotal } from '../ledger/ledger.ts';
import { bacenPixProvider, payoutIdEnvio, PixProviderError } from './bacen-pix-provider.ts';
import { createPixProvider, newChargeTxid } from './pix-provider.ts';

const SECRET = 'segredo-do-webhook-de-teste-123456';
const CLIENT_ID = 'copaiba-client';
const CLIENT_SECRET = 'cliente-secreto-do-psp-987';
const ACCOUNT_KEY = 'pix@copaiba.com.br';
const REFUSED_KEY = 'recusada@exemplo.com.br';
const UNAVAILABLE = 'Não foi possível gerar a cobrança Pix agora. Tente novamente em instantes.';

let psp: FakePsp;
let t: TestApp;
let webhookUrl: string;

const bacenEnv = (overrides: Record<string, string> = {}) => ({
  PIX_PROVIDER: 'bacen',
  PIX_RECEIVER_KEY: ACCOUNT_KEY,
  PIX_WEBHOOK_SECRET: SECRET,
  PIX_API_URL: psp.url,
  PIX_CLIENT_ID: CLIENT_ID,
  PIX_CLIENT_SECRET: CLIENT_SECRET,
  PIX_CERT: psp.certs.clientCertFile,
  PIX_KEY: psp.certs.clientKeyFile,
  PIX_CA: psp.certs.caFile,
  ...overrides,
});
const providerFrom = (overrides: Record<string, string> = {}) =>
  createPixProvider(loadConfig({ NODE_ENV: 'test', ...bacenEnv(overrides) }));

beforeAll(async () => {
  psp = await startFakePsp({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    accountKey: ACCOUNT_KEY,
    refusedKey: REFUSED_KEY,
  });
  t = await createTestApp({ env: bacenEnv() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  webhookUrl = `http://127.0.0.1:${port}/api/webhooks/pix/?hmac=${encodeURIComponent(SECRET)}`;
});
afterAll(async () => {
  await t?.close();
  await psp?.close();
});

const balance = async (who: SignedIn) => (await walletBalance(t, who)).balance as string;
const userId = async (app: TestApp, who: SignedIn) => {
  const [row] = await app.db.select().from(users).where(eq(users.email, who.email));
  if (!row) throw new Error(`no user ${who.email}`);
  return row.id;
};
const chargesOf = async (app: TestApp, who: SignedIn) =>
  app.db
    .select()
    .from(pixCharges)
    .where(eq(pixCharges.userId, await userId(app, who)));

describe('deposits through a PSP speaking the API Pix', () => {
  it('creates the charge at the PSP and credits its webhook exactly once', async () => {
    const who = await signedIn(t);
    const res = await requestDeposit(t, who, '150,00');
    expect(res.statusCode).toBe(201);
    const { txid, qrcode, value } = res.json();
    expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(value).toBe('150.00');

    const cob = psp.cobs.get(txid);
    expect(cob).toMatchObject({
      status: 'ATIVA',
      valor: { original: '150.00' },
      chave: ACCOUNT_KEY,
      calendario: { expiracao: 3600 },
      solicitacaoPagador: 'Depósito na carteira Copaíba',
    });
    expect(qrcode).toBe(cob?.pixCopiaECola);
    const parsed = parsePix(qrcode);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ type: 'DYNAMIC', url: cob?.location });
    expect(await chargesOf(t, who)).toMatchObject([{ txid, brCode: qrcode, status: 'pending' }]);

    const unsigned = await psp.deliver(webhookUrl.replace(/hmac=.*/, 'hmac=errado'), {
      pix: [{ endToEndId: 'E'.padEnd(32, '0'), txid, valor: '150.00', horario: '2026-01-01' }],
    });
    expect(unsigned.status).toBe(401);
    expect(await balance(who)).toBe('0.00');

    const paid = await psp.pay(txid, webhookUrl);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({
      results: [{ endToEndId: paid.payload.pix[0]?.endToEndId, result: 'credited' }],
    });
    expect(await balance(who)).toBe('150.00');

    const again = await psp.deliver(webhookUrl, paid.payload);
    expect(again.body).toEqual({
      results: [{ endToEndId: paid.payload.pix[0]?.endToEndId, result: 'duplicate' }],
    });
    expect(await balance(who)).toBe('150.00');
    expect(await chargesOf(t, who)).toMatchObject([{ status: 'paid' }]);
    expect(await ledgerTotal(t.db)).toBe(0n);
  });

  it('asks for one token for many charges, even concurrent ones', async () => {
    expect(psp.state.tokenRequests).toBe(1);
    const people = await Promise.all([signedIn(t), signedIn(t), signedIn(t)]);
    const answers = await Promise.all(people.map((who) => requestDeposit(t, who, '30.00')));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(psp.state.tokenRequests).toBe(1);

    const fresh = providerFrom();
    const before = psp.state.tokenRequests;
    const txids = [1, 2, 3, 4].map(() => newChargeTxid('bacen'));
    await Promise.all(
      txids.map((txid) => fresh.createCharge({ txid, amountCents: 2500n, expiresInSeconds: 60 })),
    );
    expect(psp.state.tokenRequests - before).toBe(1);
    expect(txids.every((txid) => psp.cobs.has(txid))).toBe(true);
  });

  it('renews the token once when the PSP has expired it', async () => {
    const who = await signedIn(t);
    psp.expireTokens();
    const before = psp.state.tokenRequests;
    const callsBefore = psp.calls.length;
    const res = await requestDeposit(t, who, '40.00');
    expect(res.statusCode).toBe(201);
    expect(psp.state.tokenRequests - before).toBe(1);
    expect(psp.calls.slice(callsBefore).map((c) => `${c.method} ${c.status}`)).toEqual([
      'PUT 401',
      'POST 200',
      'PUT 201',
    ]);
  });

  it('gives up after one renewal and answers 503, writing nothing', async () => {
    const who = await signedIn(t);
    psp.state.tokenTtlSeconds = 0;
    psp.expireTokens();
    const callsBefore = psp.calls.length;
    try {
      const res = await requestDeposit(t, who, '40.00', 'deposito-psp-recusa-1');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: UNAVAILABLE });
    } finally {
      psp.state.tokenTtlSeconds = 300;
    }
    expect(psp.calls.slice(callsBefore).map((c) => `${c.method} ${c.status}`)).toEqual([
      'PUT 401',
      'POST 200',
      'PUT 401',
    ]);
    expect(await chargesOf(t, who)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(idempotentRequests)
        .where(eq(idempotentRequests.userId, await userId(t, who))),
    ).toEqual([]);
    const retried = await requestDeposit(t, who, '40.00', 'deposito-psp-recusa-1');
    expect(retried.statusCode).toBe(201);
  });

  it('is refused by the PSP without a client certificate: 503 and nothing written', async () => {
    const noCert = bacenPixProvider({
      baseUrl: psp.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tls: { ca: psp.certs.server.ca },
      receiverKey: ACCOUNT_KEY,
    });
    const other = await createTestApp({ env: bacenEnv(), pix: noCert });
    try {
      const who = await signedIn(other);
      const refusedBefore = psp.state.refusedHandshakes;
      const tokensBefore = psp.state.tokenRequests;
      const res = await requestDeposit(other, who, '50.00');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: UNAVAILABLE });
      expect(psp.state.refusedHandshakes).toBeGreaterThan(refusedBefore);
      expect(psp.state.tokenRequests).toBe(tokensBefore);
      expect(await chargesOf(other, who)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('is refused by the PSP with a certificate from another CA', async () => {
    const stranger = providerFrom({
      PIX_CERT: psp.certs.strangerCertFile,
      PIX_KEY: psp.certs.strangerKeyFile,
    });
    const refusedBefore = psp.state.refusedHandshakes;
    const txid = newChargeTxid('bacen');
    await expect(
      stranger.createCharge({ txid, amountCents: 5000n, expiresInSeconds: 60 }),
    ).rejects.toBeInstanceOf(PixProviderError);
    expect(psp.state.refusedHandshakes).toBeGreaterThan(refusedBefore);
    expect(psp.cobs.has(txid)).toBe(false);
  });

  it('does not put the client secret in its errors', async () => {
    const wrong = providerFrom({ PIX_CLIENT_SECRET: 'outro-segredo-errado-123' });
    const err = await wrong
      .createCharge({ txid: newChargeTxid('bacen'), amountCents: 5000n, expiresInSeconds: 60 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PixProviderError);
    expect((err as Error).message).toMatch(/refused the client credentials \(401\)/);
    expect((err as Error).message).not.toContain('outro-segredo-errado-123');
  });
});

describe('payouts through the PSP', () => {
  it('sends once per withdrawal id and answers the end-to-end id', async () => {
    const provider = providerFrom();
    const payout = { id: 41, keyPix: 'ana@example.com', amountCents: 5000n };
    const first = await provider.payout(payout);
    const sent = psp.payouts.get(payoutIdEnvio(41));
    expect(sent).toMatchObject({ valor: '50.00', favorecido: 'ana@example.com' });
    expect(first).toEqual({ ok: true, reference: sent?.e2eId });
    expect(sent?.e2eId).toMatch(/^E[0-9A-Za-z]{31}$/);

    const size = psp.payouts.size;
    expect(await provider.payout(payout)).toEqual(first);
    expect(psp.payouts.size).toBe(size);
  });

  it('turns a refusal into a reason in Portuguese', async () => {
    const result = await providerFrom().payout({ id: 42, keyPix: REFUSED_KEY, amountCents: 2500n });
    expect(result).toEqual({
      ok: false,
      reason:
        'Pix recusado pelo provedor de pagamentos: A chave do favorecido não foi encontrada no DICT.',
    });
  });

  it('throws when the fate of the payout is unknown: 5xx, timeout, idEnvio conflict', async () => {
    const provider = providerFrom();
    psp.state.payoutMode = 'error';
    try {
      await expect(
        provider.payout({ id: 43, keyPix: 'bia@example.com', amountCents: 2500n }),
      ).rejects.toThrow(/PSP could not take the payout now \(500/);
    } finally {
      psp.state.payoutMode = 'normal';
    }
    expect(psp.payouts.has(payoutIdEnvio(43))).toBe(false);

    const impatient = bacenPixProvider({
      baseUrl: psp.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      tls: {
        cert: readFileSync(psp.certs.clientCertFile, 'utf8'),
        key: readFileSync(psp.certs.clientKeyFile, 'utf8'),
        ca: psp.certs.server.ca,
      },
      receiverKey: ACCOUNT_KEY,
      timeoutMs: 300,
    });
    psp.state.payoutMode = 'hang';
    try {
      const started = Date.now();
      await expect(
        impatient.payout({ id: 44, keyPix: 'bia@example.com', amountCents: 2500n }),
      ).rejects.toThrow(/no answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      psp.state.payoutMode = 'normal';
    }

    await provider.payout({ id: 45, keyPix: 'bia@example.com', amountCents: 2500n });
    await expect(
      provider.payout({ id: 45, keyPix: 'bia@example.com', amountCents: 9900n }),
    ).rejects.toThrow(/\(409/);
  });
});
