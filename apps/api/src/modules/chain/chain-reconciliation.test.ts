import { todayInSaoPaulo } from '@copaiba/contracts';
import { chainReconciliations, chainWallets } from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import {
  buyTokens,
  fundedInvestor,
  insertAndIssueToken,
  insertIssuer,
  signedIn,
  userIdOf,
} from '../../testing/fixtures.ts';
import { createTestApp, localChainEnv, type TestApp } from '../../testing/test-app.ts';
import type { ChainRuntime } from './chain-runtime.ts';
import { burnData, mintData } from './contract.ts';
import { reconcileAll } from './reconciliation.ts';

const WEBHOOK_SECRET = 'segredo-do-webhook-de-teste-123';
let t: TestApp;
let chain: ChainRuntime;
let tokenId: number;
let contract: Address;
const buyers: Array<{ userId: number; access: string }> = [];

const get = (url: string) => t.app.inject({ method: 'GET', url });
const check = async () => {
  const res = await get(`/api/token/${tokenId}/reconciliation/`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const addressOf = async (userId: number) =>
  getAddress(
    (
      await t.db
        .select({ address: chainWallets.address })
        .from(chainWallets)
        .where(eq(chainWallets.userId, userId))
    )[0]!.address,
  );
/** The platform's key used behind the ledger's back. */
async function mintBehindTheLedger(to: Address, units: bigint) {
  const hash = await chain.client.wallet.sendTransaction({
    to: contract,
    data: mintData([to], [units]),
  });
  await chain.client.public.waitForTransactionReceipt({ hash });
}

beforeAll(async () => {
  t = await createTestApp({ env: { ...localChainEnv, PIX_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  chain = t.app.chain!;
  const admin = await signedIn(t, { admin: true });
  const issuerId = (await insertIssuer(t.db)).id;
  const today = todayInSaoPaulo(t.clock.now);
  const { token, answer: issued } = await insertAndIssueToken(t, admin, issuerId, {
    deadlineForFunding: today,
    firstDateInstallment: today,
  });
  tokenId = token.id;
  expect(issued.statusCode).toBe(201);
  for (const _ of [1, 2]) {
    const who = await fundedInvestor(t, { balance: '1000.00' });
    buyers.push({ userId: await userIdOf(t, who), access: who.access });
  }
});
afterAll(() => t.close());

const buy = async (buyer: { access: string }, quantity: number) => {
  const res = await buyTokens(t, buyer, tokenId, quantity);
  expect(res.statusCode).toBe(201);
};

describe('supply reconciliation', () => {
  it('waits for the contract, allows for operations not yet mined, then finds the chain in agreement', async () => {
    expect(await check()).toMatchObject({
      status: 'pendente',
      contract_address: null,
      pending_operations: 1,
    });
    await chain.worker.runOnce();
    await buy(buyers[0]!, 2);
    await buy(buyers[1]!, 3);
    expect(await check()).toMatchObject({
      status: 'pendente',
      ledger_supply: 5,
      on_chain_supply: 0,
      pending_operations: 2,
      differences: [],
    });
    await chain.worker.runOnce();
    const ok = await check();
    contract = getAddress(ok.contract_address);
    expect(ok).toMatchObject({
      status: 'ok',
      ledger_supply: 5,
      on_chain_supply: 5,
      pending_operations: 0,
      failed_operations: 0,
      differences: [],
      contract_url: `https://copaiba.test/api/chain/address/${contract}`,
    });
  });

  it('resolves the explorer links the token page and the statement show', async () => {
    const address = (await get(`/api/chain/address/${contract}`)).json();
    expect(address).toEqual({
      address: contract,
      is_contract: true,
      token: { id: tokenId, name: expect.any(String), symbol: expect.any(String) },
    });
    const rows = (
      await t.app.inject({
        method: 'GET',
        url: '/api/wallet/transactions/comprados?page=1',
        headers: { authorization: `Bearer ${buyers[0]!.access}` },
      })
    ).json().results as Array<{ scan_hash_transaction: string }>;
    const link = new URL(rows[0]!.scan_hash_transaction);
    expect(link.origin).toBe('https://copaiba.test');
    const tx = (await get(link.pathname)).json();
    expect(tx).toMatchObject({ status: 'success', to: contract });
    expect(tx.events).toContainEqual({
      name: 'Transfer',
      args: {
        from: '0x0000000000000000000000000000000000000000',
        to: await addressOf(buyers[0]!.userId),
        value: '2',
      },
    });
    expect((await get(`/api/chain/tx/0x${'ab'.repeat(32)}`)).statusCode).toBe(404);
    expect((await get('/api/chain/tx/0x1234')).statusCode).toBe(404);
  });

  it('catches units minted on chain to a holder behind the ledger’s back, and the job alerts', async () => {
    const holder = await addressOf(buyers[0]!.userId);
    await mintBehindTheLedger(holder, 7n);
    expect(await check()).toMatchObject({
      status: 'divergente',
      ledger_supply: 5,
      on_chain_supply: 12,
      differences: [{ address: holder, ledger: 2, on_chain: 9 }],
    });
    const error = vi.fn();
    const log = {
      error,
      warn: vi.fn(),
      info: vi.fn(),
      debug: vi.fn(),
    } as unknown as FastifyBaseLogger;
    expect(await reconcileAll(t.db, chain.client, log, new Date())).toContain(tokenId);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ tokenId, onChainSupply: 12, ledgerSupply: 5 }),
      'on-chain balances differ from the ledger',
    );
    const [stored] = await t.db
      .select()
      .from(chainReconciliations)
      .where(eq(chainReconciliations.tokenId, tokenId));
    expect(stored).toMatchObject({ status: 'divergente' });
  });

  it('catches supply that went to a wallet Copaíba does not know', async () => {
    // Bring the holder back in line, then mint to a stranger.
    const fix = await chain.client.wallet.sendTransaction({
      to: contract,
      data: burnData([await addressOf(buyers[0]!.userId)], [7n]),
    });
    await chain.client.public.waitForTransactionReceipt({ hash: fix });
    expect((await check()).status).toBe('ok');
    await mintBehindTheLedger(privateKeyToAddress(generatePrivateKey()), 1n);
    expect(await check()).toMatchObject({
      status: 'divergente',
      ledger_supply: 5,
      on_chain_supply: 6,
      differences: [],
    });
  });

  it('answers 404 for tokens that are not public', async () => {
    expect((await get('/api/token/999999/reconciliation/')).statusCode).toBe(404);
  });
});
