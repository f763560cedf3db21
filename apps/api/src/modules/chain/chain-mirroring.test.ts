import { todayInSaoPaulo } from '@copaiba/contracts';
import { chainJobs, chainWallets } from '@copaiba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLogs, zeroAddress, type Address, type Hex } from 'viem';
import {
  buyTokens,
  fundedInvestor,
  insertAndIssueToken,
  insertIssuer,
  noonOf,
  plusDays,
  signedIn,
  statementPage,
  userIdOf,
  type SignedIn,
  type StatementRow,
} from '../../testing/fixtures.ts';
import { createTestApp, localChainEnv, type TestApp } from '../../testing/test-app.ts';
import { payDueInstallments } from '../jobs/installment-payouts.ts';
import { closeDueOffers } from '../jobs/offer-closing.ts';
import type { ChainRuntime } from './chain-runtime.ts';
import { burnData, tokenAbi } from './contract.ts';

/** Offers close at the deadline here: no desistência window (DESISTENCIA_DAYS=0, docs/product.md §15). */
const withoutDesistencia = { desistenciaDays: 0 };

const WEBHOOK_SECRET = 'segredo-do-webhook-de-teste-123';
const EXPLORER_TX = /^https:\/\/copaiba\.test\/api\/chain\/tx\/(0x[0-9a-f]{64})$/;
let t: TestApp;
let chain: ChainRuntime;
let admin: SignedIn;
let issuerId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { ...localChainEnv, PIX_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  chain = t.app.chain!;
  admin = await signedIn(t, { admin: true });
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

/** An investor with a funded wallet (sandbox Pix), buying and reading the statement over HTTP. */
async function investor(balance: string) {
  const who = await fundedInvestor(t, { balance });
  const userId = await userIdOf(t, who);
  return {
    userId,
    buy: async (tokenId: number, quantity: number) => {
      const res = await buyTokens(t, who, tokenId, quantity);
      expect(res.statusCode).toBe(201);
    },
    statement: (filter: string) => statementPage(t, who, filter),
    address: async () =>
      (
        await t.db
          .select({ address: chainWallets.address })
          .from(chainWallets)
          .where(eq(chainWallets.userId, userId))
      )[0]?.address as Address | undefined,
  };
}
type Investor = Awaited<ReturnType<typeof investor>>;

/** An offer issued by the admin today, closing today, paying two installments. */
async function issuedOffer(minimumCents: bigint, deadlineInDays = 0) {
  const today = todayInSaoPaulo(t.clock.now);
  const { token, answer: res } = await insertAndIssueToken(t, admin, issuerId, {
    unitPriceCents: 100_00n,
    interestRateBp: 1250,
    installments: 2,
    minimumAmountRaisedCents: minimumCents,
    deadlineForFunding: plusDays(today, deadlineInDays),
    firstDateInstallment: plusDays(today, deadlineInDays + 31),
  });
  expect(res.statusCode).toBe(201);
  return token;
}

const contractOf = async (tokenId: number) =>
  (
    await t.db
      .select({ address: chainJobs.contractAddress })
      .from(chainJobs)
      .where(eq(chainJobs.tokenId, tokenId))
  ).find((j) => j.address)!.address as Address;

const balanceOn = async (tokenId: number, holder: Address) =>
  chain.client.public.readContract({
    address: await contractOf(tokenId),
    abi: tokenAbi,
    functionName: 'balanceOf',
    args: [holder],
  });

const supplyOn = async (tokenId: number) =>
  chain.client.public.readContract({
    address: await contractOf(tokenId),
    abi: tokenAbi,
    functionName: 'totalSupply',
  });

/** The statement row's explorer link → the mined transaction's decoded events. */
async function eventsBehind(row: StatementRow | undefined) {
  const hash = EXPLORER_TX.exec(row?.scan_hash_transaction ?? '')?.[1] as Hex | undefined;
  expect(hash, `explorer link of ${JSON.stringify(row)}`).toBeDefined();
  const receipt = await chain.client.public.getTransactionReceipt({ hash: hash! });
  expect(receipt.status).toBe('success');
  return { hash: hash!, events: parseEventLogs({ abi: tokenAbi, logs: receipt.logs }) };
}

describe('an offer that raises its minimum', () => {
  let ana: Investor;
  let bruno: Investor;
  let token: Awaited<ReturnType<typeof issuedOffer>>;

  beforeAll(async () => {
    [ana, bruno] = [await investor('1000.00'), await investor('1000.00')];
    token = await issuedOffer(300_00n);
    expect((await chain.worker.runOnce()).mined).toBe(1);
  });

  it('mirrors each purchase as a mint to the buyer, pendente until it is mined', async () => {
    await ana.buy(token.id, 2);
    await bruno.buy(token.id, 3);
    expect(await ana.statement('comprados')).toEqual([
      expect.objectContaining({ type_operation: 'Compra', scan_hash_transaction: 'pendente' }),
    ]);
    expect(await chain.worker.runOnce()).toEqual({ mined: 2, failed: 0, retried: 0 });

    const anaAddress = (await ana.address())!;
    const { events } = await eventsBehind((await ana.statement('comprados'))[0]);
    expect(events).toContainEqual(
      expect.objectContaining({
        eventName: 'Transfer',
        args: { from: zeroAddress, to: anaAddress, value: 2n },
      }),
    );
    expect(await balanceOn(token.id, anaAddress)).toBe(2n);
    expect(await balanceOn(token.id, (await bruno.address())!)).toBe(3n);
    expect(await supplyOn(token.id)).toBe(5n);
    // Deposits are not mirrored on chain: no hash, and not pendente either.
    expect((await ana.statement('deposito'))[0]!.scan_hash_transaction).toBeNull();
  });

  it('records each installment paid to the holders in one transaction, once', async () => {
    expect(
      (
        await closeDueOffers(
          t.db,
          noonOf(plusDays(token.deadlineForFunding, 1)),
          withoutDesistencia,
        )
      ).succeeded,
    ).toContain(token.id);
    await payDueInstallments(t.db, noonOf(token.firstDateInstallment));
    expect((await ana.statement('remuneracao'))[0]).toMatchObject({
      scan_hash_transaction: 'pendente',
    });
    expect(await chain.worker.runOnce()).toEqual({ mined: 1, failed: 0, retried: 0 });

    const [anaRow] = await ana.statement('remuneracao');
    const [brunoRow] = await bruno.statement('remuneracao');
    const { hash, events } = await eventsBehind(anaRow);
    expect((await eventsBehind(brunoRow)).hash).toBe(hash);
    // 100,00 × 1,125 / 2 = 56,25 per unit
    expect(events.filter((e) => e.eventName === 'Remunerated').map((e) => e.args)).toEqual([
      { holder: await ana.address(), installment: 1, amountCents: 2n * 5625n },
      { holder: await bruno.address(), installment: 1, amountCents: 3n * 5625n },
    ]);
    expect(await chain.worker.runOnce()).toEqual({ mined: 0, failed: 0, retried: 0 });
    expect(await supplyOn(token.id)).toBe(5n);
  });
});

describe('an offer that misses its minimum', () => {
  it('mirrors the refunds as burns of every buyer’s units', async () => {
    const [carla, davi] = [await investor('500.00'), await investor('500.00')];
    const token = await issuedOffer(10_000_00n);
    await carla.buy(token.id, 1);
    await davi.buy(token.id, 4);
    await chain.worker.runOnce();
    expect(await supplyOn(token.id)).toBe(5n);

    expect(
      (
        await closeDueOffers(
          t.db,
          noonOf(plusDays(token.deadlineForFunding, 1)),
          withoutDesistencia,
        )
      ).failed,
    ).toContain(token.id);
    const refund = () =>
      carla.statement('todos').then((rows) => rows.find((r) => r.type_operation === 'Reembolso'));
    expect(await refund()).toMatchObject({ quantity: 1, scan_hash_transaction: 'pendente' });
    expect(await chain.worker.runOnce()).toEqual({ mined: 1, failed: 0, retried: 0 });

    const { events } = await eventsBehind(await refund());
    expect(events.filter((e) => e.eventName === 'Transfer').map((e) => e.args)).toEqual([
      { from: await carla.address(), to: zeroAddress, value: 1n },
      { from: await davi.address(), to: zeroAddress, value: 4n },
    ]);
    expect(await supplyOn(token.id)).toBe(0n);
  });

  it('fails a reverted operation alone: the statement shows no hash and other tokens carry on', async () => {
    const erika = await investor('500.00');
    const failing = await issuedOffer(10_000_00n);
    const other = await issuedOffer(100_00n, 30);
    await erika.buy(failing.id, 2);
    await erika.buy(other.id, 1);
    await chain.worker.runOnce();
    // Someone holding the platform key burns Erika's units behind the ledger's back.
    const burned = await chain.client.wallet.sendTransaction({
      to: await contractOf(failing.id),
      data: burnData([(await erika.address())!], [2n]),
    });
    await chain.client.public.waitForTransactionReceipt({ hash: burned });

    await closeDueOffers(t.db, noonOf(plusDays(failing.deadlineForFunding, 1)), withoutDesistencia);
    await erika.buy(other.id, 1);
    expect(await chain.worker.runOnce()).toEqual({ mined: 1, failed: 1, retried: 0 });
    const [failedJob] = await t.db
      .select()
      .from(chainJobs)
      .where(eq(chainJobs.tokenId, failing.id))
      .orderBy(chainJobs.seq)
      .then((jobs) => jobs.filter((j) => j.kind === 'burn'));
    // The local chain mines the reverted transaction (its worker does not estimate: local-chain.ts)
    // and answers with the node's error, which the job keeps.
    expect(failedJob).toMatchObject({ status: 'failed' });
    expect(failedJob!.lastError).toMatch(/VM Exception while processing transaction: revert/);
    const rows = await erika.statement('todos');
    expect(rows.find((r) => r.type_operation === 'Reembolso')!.scan_hash_transaction).toBeNull();
    expect(await balanceOn(other.id, (await erika.address())!)).toBe(2n);
  });
});
