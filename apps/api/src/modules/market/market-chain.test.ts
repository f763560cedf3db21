import { chainJobs, chainJobTransfers, chainWallets, tokens } from '@copaiba/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseEventLogs, type Address, type Hex } from 'viem';
import {
  buyListing,
  distributingToken,
  fundedInvestor,
  insertIssuer,
  listed,
  statementPage,
  userIdOf,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, localChainEnv, type TestApp } from '../../testing/test-app.ts';
import type { ChainRuntime } from '../chain/chain-runtime.ts';
import { tokenAbi } from '../chain/contract.ts';

/*
 * A board purchase on chain (docs/product.md §18, docs/DECISIONS.md "The secondary board"): the
 * units move between the two custodied wallets in a transfer the platform signs, the statement
 * lines of both parties link it, and the supply check counts it while pending and once mined;
 * a token whose history was never recorded gets its board transfers replayed in order.
 */

const EXPLORER_TX = /^https:\/\/copaiba\.test\/api\/chain\/tx\/(0x[0-9a-f]{64})$/;
let t: TestApp;
let chain: ChainRuntime;
let issuerId: number;
let seller: SignedIn;
let buyer: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: localChainEnv });
  chain = t.app.chain!;
  issuerId = (await insertIssuer(t.db)).id;
  [seller, buyer] = [
    await fundedInvestor(t, { balance: '5000.00' }),
    await fundedInvestor(t, { balance: '5000.00' }),
  ];
});
afterAll(() => t.close());

const addressOf = async (who: SignedIn) => {
  const userId = await userIdOf(t, who);
  const [row] = await t.db
    .select({ address: chainWallets.address })
    .from(chainWallets)
    .where(eq(chainWallets.userId, userId));
  return row ? getAddress(row.address) : undefined;
};
const contractOf = async (tokenId: number) => {
  const [row] = await t.db
    .select({ address: tokens.contractAddress })
    .from(tokens)
    .where(eq(tokens.id, tokenId));
  return getAddress(row!.address!);
};
const balanceOn = async (tokenId: number, holder: Address) =>
  chain.client.public.readContract({
    address: await contractOf(tokenId),
    abi: tokenAbi,
    functionName: 'balanceOf',
    args: [holder],
  });
const reconciliation = async (tokenId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/token/${tokenId}/reconciliation/` })).json();

describe('a board purchase on chain', () => {
  it('moves the units from the seller’s custodied wallet to the buyer’s, linked from both statements', async () => {
    const token = await distributingToken(t, issuerId, [
      { who: seller, quantity: 10 },
      { who: buyer, quantity: 1 },
    ]);
    await chain.worker.runOnce();
    expect(await reconciliation(token.id)).toMatchObject({ status: 'ok', ledger_supply: 11 });

    const id = await listed(t, seller, token.id, 5, '110.00');
    expect((await buyListing(t, buyer, id, 3)).statusCode).toBe(201);
    // Committed, not mined yet: the check allows for it.
    expect(await reconciliation(token.id)).toMatchObject({
      status: 'pendente',
      ledger_supply: 11,
      on_chain_supply: 11,
      pending_operations: 1,
      differences: [],
    });

    expect(await chain.worker.runOnce()).toEqual({ mined: 1, failed: 0, retried: 0 });
    expect(await balanceOn(token.id, (await addressOf(seller))!)).toBe(7n);
    expect(await balanceOn(token.id, (await addressOf(buyer))!)).toBe(4n);
    expect(await reconciliation(token.id)).toMatchObject({
      status: 'ok',
      on_chain_supply: 11,
      pending_operations: 0,
      failed_operations: 0,
      differences: [],
    });

    const [bought] = await statementPage(t, buyer, 'todos');
    const [sold] = await statementPage(t, seller, 'todos');
    expect(bought!.type_operation).toBe('Compra (mural)');
    expect(sold!.type_operation).toBe('Venda (mural)');
    expect(bought!.scan_hash_transaction).toBe(sold!.scan_hash_transaction);
    const hash = EXPLORER_TX.exec(bought!.scan_hash_transaction ?? '')?.[1] as Hex | undefined;
    expect(hash).toBeDefined();
    // The statement's link opens the API's explorer, which decodes the transfer.
    const explorer = await t.app.inject({ method: 'GET', url: `/api/chain/tx/${hash}` });
    expect(explorer.statusCode).toBe(200);
    expect(explorer.json().events).toContainEqual({
      name: 'Transfer',
      args: { from: await addressOf(seller), to: await addressOf(buyer), value: '3' },
    });
    const receipt = await chain.client.public.getTransactionReceipt({ hash: hash! });
    const transfers = parseEventLogs({ abi: tokenAbi, logs: receipt.logs, eventName: 'Transfer' });
    expect(transfers).toHaveLength(1);
  });
});

describe('a token recorded on chain late', () => {
  it('gets its board purchases replayed as transfers, in ledger order', async () => {
    const token = await distributingToken(t, issuerId, [
      { who: seller, quantity: 6 },
      { who: buyer, quantity: 1 },
    ]);
    const first = await listed(t, seller, token.id, 4, '100.00');
    expect((await buyListing(t, buyer, first, 2)).statusCode).toBe(201);
    expect((await buyListing(t, buyer, first, 1)).statusCode).toBe(201);
    // What an issue with CHAIN_MODE off leaves: ledger and holdings, no chain jobs at all.
    const jobs = await t.db
      .select({ id: chainJobs.id })
      .from(chainJobs)
      .where(eq(chainJobs.tokenId, token.id));
    await t.db.delete(chainJobTransfers).where(
      inArray(
        chainJobTransfers.jobId,
        jobs.map((j) => j.id),
      ),
    );
    await t.db.delete(chainJobs).where(eq(chainJobs.tokenId, token.id));
    await t.db
      .update(tokens)
      .set({ chainSeq: 0, contractAddress: null })
      .where(eq(tokens.id, token.id));

    await chain.worker.runOnce();
    const replayed = await t.db
      .select({ seq: chainJobs.seq, kind: chainJobs.kind, status: chainJobs.status })
      .from(chainJobs)
      .where(eq(chainJobs.tokenId, token.id))
      .orderBy(chainJobs.seq);
    expect(replayed).toEqual([
      { seq: 1, kind: 'deploy', status: 'mined' },
      { seq: 2, kind: 'mint', status: 'mined' },
      { seq: 3, kind: 'transfer', status: 'mined' },
    ]);
    expect(await balanceOn(token.id, (await addressOf(seller))!)).toBe(3n);
    expect(await balanceOn(token.id, (await addressOf(buyer))!)).toBe(4n);
    expect(await reconciliation(token.id)).toMatchObject({ status: 'ok', differences: [] });
  });
});
