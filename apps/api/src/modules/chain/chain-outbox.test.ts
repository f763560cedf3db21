import { chainJobs, chainWallets, tokenHoldings, tokens, users } from '@copaiba/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, keccak256, type Hex, type TransactionSerializable } from 'viem';
import {
  insertAndIssueToken,
  insertIssuer,
  insertToken,
  signedIn,
  type SignedIn,
} from '../../testing/fixtures.ts';
import { createTestApp, localChainEnv, type TestApp } from '../../testing/test-app.ts';
import type { Eip1193Like } from './chain-client.ts';
import { accounts, transfer } from '../ledger/ledger.ts';
import type { ChainRuntime } from './chain-runtime.ts';
import { tokenAbi } from './contract.ts';

let t: TestApp;
let chain: ChainRuntime;
let admin: SignedIn;
let issuerId: number;

beforeAll(async () => {
  t = await createTestApp({ env: localChainEnv });
  chain = t.app.chain!;
  admin = await signedIn(t, { admin: true });
  issuerId = (await insertIssuer(t.db)).id;
});
afterAll(() => t.close());

/** A released token issued through the admin's endpoint; returns its id. */
async function issue(): Promise<number> {
  const { token, answer: res } = await insertAndIssueToken(t, admin, issuerId);
  expect(res.statusCode).toBe(201);
  return token.id;
}

const jobsOf = (tokenId: number) =>
  t.db.select().from(chainJobs).where(eq(chainJobs.tokenId, tokenId)).orderBy(chainJobs.seq);
const platformNonce = () =>
  chain.client.public.getTransactionCount({ address: chain.client.account.address });
/** Time passes beyond any backoff. */
const backoffElapses = () => t.db.update(chainJobs).set({ nextAttemptAt: sql`now()` });

/** The local chain, except that requests fail while `down` says so. */
function flaky(down: (method: string) => boolean): Eip1193Like {
  return {
    request: async (args) => {
      if (down(args.method)) throw new Error('connect ECONNREFUSED 10.0.0.1:8545');
      return chain.provider!.request(args);
    },
  };
}

describe('deployment at issuance', () => {
  it('writes the deploy job with the issue; the worker deploys and the token page links it', async () => {
    const id = await issue();
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ kind: 'deploy', seq: 1, status: 'pending', txHash: null });
    const detailOf = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/token-issuer-token-project/detail/${id}`,
        })
      ).json().token as { contract_address: string | null; scan_hash_transaction: string | null };
    let detail = await detailOf();
    expect(detail).toMatchObject({ contract_address: null, scan_hash_transaction: null });

    expect(await chain.worker.runOnce()).toEqual({ mined: 1, failed: 0, retried: 0 });
    const [mined] = await jobsOf(id);
    expect(mined).toMatchObject({ status: 'mined', attempts: 1, lastError: null });
    const address = getAddress(mined!.contractAddress!);
    detail = await detailOf();
    expect(detail.contract_address).toBe(address);
    expect(detail.scan_hash_transaction).toBe(`https://copaiba.test/api/chain/tx/${mined!.txHash}`);

    const receipt = await chain.client.public.getTransactionReceipt({ hash: mined!.txHash as Hex });
    expect(receipt.contractAddress && getAddress(receipt.contractAddress)).toBe(address);
    const [token] = await t.db.select().from(tokens).where(eq(tokens.id, id));
    const read = (functionName: 'symbol' | 'decimals' | 'owner') =>
      chain.client.public.readContract({ address, abi: tokenAbi, functionName });
    expect(await read('symbol')).toBe(token!.symbol);
    expect(await read('decimals')).toBe(0);
    expect(await read('owner')).toBe(chain.client.account.address);
  });
});

describe('the outbox', () => {
  it('keeps operations through a chain outage and sends each exactly once when it is back', async () => {
    const ids = [await issue(), await issue()];
    const before = await platformNonce();
    let down = true;
    const outage = chain.workerOver(flaky(() => down));
    expect(await outage.runOnce()).toEqual({ mined: 0, failed: 0, retried: 2 });
    for (const id of ids) {
      const [job] = await jobsOf(id);
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job!.lastError).toMatch(/ECONNREFUSED|unknown RPC error/i);
      expect(job!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 5_000);
    }
    // Still in backoff: nothing is tried again yet.
    expect(await outage.runOnce()).toEqual({ mined: 0, failed: 0, retried: 0 });
    await backoffElapses();
    expect(await outage.runOnce()).toEqual({ mined: 0, failed: 0, retried: 2 });
    expect(await platformNonce()).toBe(before);

    down = false;
    await backoffElapses();
    expect(await outage.runOnce()).toEqual({ mined: 2, failed: 0, retried: 0 });
    for (const id of ids)
      expect((await jobsOf(id))[0]).toMatchObject({ status: 'mined', attempts: 3 });
    expect(await platformNonce()).toBe(before + 2);
  });

  it('re-broadcasts the same signed transaction when the outage hits between signing and sending', async () => {
    const id = await issue();
    const before = await platformNonce();
    let broken = false;
    const worker = chain.workerOver(
      flaky((method) => (broken ||= method === 'eth_sendRawTransaction')),
    );
    expect(await worker.runOnce()).toEqual({ mined: 0, failed: 0, retried: 1 });
    const [sent] = await jobsOf(id);
    expect(sent).toMatchObject({ status: 'sent', nonce: before });
    expect(sent!.txHash).toMatch(/^0x[0-9a-f]{64}$/);

    broken = false;
    const healed = chain.workerOver(flaky(() => false));
    await backoffElapses();
    expect(await healed.runOnce()).toEqual({ mined: 1, failed: 0, retried: 0 });
    expect((await jobsOf(id))[0]).toMatchObject({ status: 'mined', txHash: sent!.txHash });
    expect(await platformNonce()).toBe(before + 1);
  });

  it('after a restart mid-send, finds the mined receipt and does not send again', async () => {
    const id = await issue();
    const before = await platformNonce();
    let crashed = false;
    // The transaction reaches the chain, then the process dies before it records the receipt.
    const dying = chain.workerOver({
      request: async (args) => {
        if (crashed) throw new Error('process exited');
        const answer = await chain.provider!.request(args);
        if (args.method === 'eth_sendRawTransaction') crashed = true;
        return answer;
      },
    });
    expect(await dying.runOnce()).toEqual({ mined: 0, failed: 0, retried: 1 });
    const [sent] = await jobsOf(id);
    expect(sent).toMatchObject({ status: 'sent' });
    expect(await platformNonce()).toBe(before + 1);

    await backoffElapses();
    expect(await chain.worker.runOnce()).toEqual({ mined: 1, failed: 0, retried: 0 });
    expect((await jobsOf(id))[0]).toMatchObject({ status: 'mined', txHash: sent!.txHash });
    expect(await platformNonce()).toBe(before + 1);
  });

  /** Signs the job's deployment as the worker would, but with the given nonce, and stores it as sent. */
  async function plantSignedAt(jobId: number, nonce: number) {
    const [job] = await t.db.select().from(chainJobs).where(eq(chainJobs.id, jobId));
    const [token] = await t.db.select().from(tokens).where(eq(tokens.id, job!.tokenId));
    const { deployData } = await import('./contract.ts');
    const request = await chain.client.wallet.prepareTransactionRequest({
      data: deployData(token!.name, token!.symbol, chain.client.account.address),
      nonce,
      account: chain.client.account,
      chain: chain.client.chain,
    });
    const raw = await chain.client.account.signTransaction(request as TransactionSerializable);
    await t.db
      .update(chainJobs)
      .set({ status: 'sent', rawTx: raw, txHash: keccak256(raw), nonce })
      .where(eq(chainJobs.id, jobId));
    return keccak256(raw);
  }

  it('fills a nonce gap so a stored transaction ahead of the chain is mined as it was signed', async () => {
    const id = await issue();
    const before = await platformNonce();
    const hash = await plantSignedAt((await jobsOf(id))[0]!.id, before + 2);
    expect(await chain.worker.runOnce()).toEqual({ mined: 1, failed: 0, retried: 0 });
    expect((await jobsOf(id))[0]).toMatchObject({ status: 'mined', txHash: hash });
    expect(await platformNonce()).toBe(before + 3);
  });

  it('signs again when a stored transaction lost its nonce to another one and was never mined', async () => {
    const id = await issue();
    const before = await platformNonce();
    const stale = await plantSignedAt((await jobsOf(id))[0]!.id, before - 1);
    expect(await chain.worker.runOnce()).toEqual({ mined: 1, failed: 0, retried: 0 });
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ status: 'mined', nonce: before });
    expect(job!.txHash).not.toBe(stale);
    expect(await platformNonce()).toBe(before + 1);
  });
});

describe('tokens issued before the chain was configured', () => {
  it('get their contract, then their history replayed in ledger order', async () => {
    const token = await insertToken(t.db, issuerId);
    const buyers = [(await signedIn(t)).email, (await signedIn(t)).email];
    const ids: number[] = [];
    for (const email of buyers) {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      ids.push(Number(row!.id));
    }
    // What the demo seed or an older version left: ledger entries and holdings, no chain jobs.
    for (const [i, userId] of ids.entries()) {
      await t.db.transaction(async (tx) => {
        await transfer(tx, {
          key: `seed-deposit:${userId}`,
          kind: 'deposit',
          from: accounts.pixClearing(),
          to: accounts.wallet(userId),
          amountCents: 1000_00n,
          userId,
        });
        await transfer(tx, {
          key: `seed-buy:${userId}`,
          kind: 'purchase',
          from: accounts.wallet(userId),
          to: accounts.escrow(token.id),
          amountCents: BigInt(i + 1) * 100_00n,
          userId,
          tokenId: token.id,
          quantity: i + 1,
        });
        await tx.insert(tokenHoldings).values({ userId, tokenId: token.id, quantity: i + 1 });
      });
    }
    expect(await jobsOf(token.id)).toEqual([]);

    expect(await chain.worker.runOnce()).toEqual({ mined: 2, failed: 0, retried: 0 });
    const jobs = await jobsOf(token.id);
    expect(jobs.map((j) => [j.seq, j.kind, j.status])).toEqual([
      [1, 'deploy', 'mined'],
      [2, 'mint', 'mined'],
    ]);
    const contract = getAddress(jobs[0]!.contractAddress!);
    for (const [i, userId] of ids.entries()) {
      const [wallet] = await t.db
        .select()
        .from(chainWallets)
        .where(eq(chainWallets.userId, userId));
      expect(
        await chain.client.public.readContract({
          address: contract,
          abi: tokenAbi,
          functionName: 'balanceOf',
          args: [getAddress(wallet!.address)],
        }),
      ).toBe(BigInt(i + 1));
    }
    expect(await chain.worker.runOnce()).toEqual({ mined: 0, failed: 0, retried: 0 });
    expect(await jobsOf(token.id)).toHaveLength(2);
  });
});
