import { chainJobs, chainJobTransfers, ledgerTransfers, tokens, type Database } from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  BaseError,
  ExecutionRevertedError,
  getAddress,
  keccak256,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type TransactionReceipt,
  type TransactionSerializable,
} from 'viem';
import type { ChainClient } from './chain-client.ts';
import { burnData, deployData, mintData, remunerateData, transferUnitsData } from './contract.ts';
import { recordUnrecordedTokens } from './outbox.ts';
import { walletAddresses } from './wallets.ts';

type Job = typeof chainJobs.$inferSelect;

export interface WorkerReport {
  mined: number;
  failed: number;
  retried: number;
}

/** The token's contract is not deployed yet: the job waits for it. */
class NotReady extends Error {}

const OPEN = ['pending', 'sent'] as const;
const MAX_BACKOFF_MS = 5 * 60_000;
/** Errors that mean the node already has this exact transaction, or it was already mined. */
const ALREADY_SENT =
  /already known|known transaction|already imported|already exists|nonce too low/i;

/** Times come from the database, so workers on several machines agree on them. */
const dbNow = sql<Date>`now()`;
const after = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

/** viem's short message says little for a revert; the node's details say why. */
const describe = (err: unknown) =>
  err instanceof BaseError
    ? [err.shortMessage, err.details].filter(Boolean).join(' — ')
    : String(err);

export function isRevert(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  return (
    err.walk(
      (e) =>
        e instanceof ExecutionRevertedError ||
        (e instanceof BaseError && /revert/i.test(`${e.details} ${e.shortMessage}`)),
    ) !== null
  );
}

/**
 * Drains the chain outbox: one job at a time, in `seq` order per token. A job's transaction is
 * signed and stored (hash and nonce) before it is broadcast, so a crash or an outage at any point
 * leads to re-broadcasting the same transaction, never to a second one. Transport failures retry
 * with exponential backoff; a revert fails the job (and only that job).
 */
export function createChainWorker(deps: {
  db: Database;
  client: ChainClient;
  encryptionKey: Buffer;
  log: FastifyBaseLogger;
  leaseMs?: number;
  receiptTimeoutMs?: number;
  maxJobsPerRun?: number;
}) {
  const { db, client, log } = deps;
  const leaseMs = deps.leaseMs ?? 120_000;
  const receiptTimeoutMs = deps.receiptTimeoutMs ?? 60_000;
  const maxJobs = deps.maxJobsPerRun ?? 200;
  const from = client.account.address;

  async function claim(): Promise<Job | null> {
    return db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(chainJobs)
        .where(
          and(
            inArray(chainJobs.status, [...OPEN]),
            lte(chainJobs.nextAttemptAt, dbNow),
            or(isNull(chainJobs.lockedUntil), lt(chainJobs.lockedUntil, dbNow)),
            sql`not exists (select 1 from chain_jobs earlier where earlier.token_id = ${chainJobs.tokenId}
              and earlier.seq < ${chainJobs.seq} and earlier.status in ('pending', 'sent'))`,
          ),
        )
        .orderBy(asc(chainJobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return null;
      const [leased] = await tx
        .update(chainJobs)
        .set({
          lockedUntil: after(leaseMs),
          attempts: sql`${chainJobs.attempts} + 1`,
        })
        .where(eq(chainJobs.id, job.id))
        .returning();
      return leased ?? null;
    });
  }

  async function callFor(job: Job): Promise<{ to?: Address; data: Hex }> {
    const [token] = await db.select().from(tokens).where(eq(tokens.id, job.tokenId));
    if (!token) throw new Error(`token ${job.tokenId} not found`);
    if (job.kind === 'deploy') return { data: deployData(token.name, token.symbol, from) };
    const [deploy] = await db
      .select({ address: chainJobs.contractAddress })
      .from(chainJobs)
      .where(
        and(
          eq(chainJobs.tokenId, job.tokenId),
          eq(chainJobs.kind, 'deploy'),
          eq(chainJobs.status, 'mined'),
        ),
      );
    if (!deploy?.address) throw new NotReady(`token ${job.tokenId} has no contract yet`);
    const lines = await db
      .select({
        kind: ledgerTransfers.kind,
        userId: ledgerTransfers.userId,
        quantity: ledgerTransfers.quantity,
        amountCents: ledgerTransfers.amountCents,
        reference: ledgerTransfers.reference,
      })
      .from(chainJobTransfers)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, chainJobTransfers.transferId))
      .where(eq(chainJobTransfers.jobId, job.id))
      .orderBy(asc(ledgerTransfers.id));
    const addresses = await walletAddresses(
      db,
      deps.encryptionKey,
      lines.map((l) => l.userId!),
    );
    const holders = lines.map((l) => addresses.get(l.userId!)!);
    const to = deploy.address as Address;
    if (job.kind === 'remunerate') {
      return {
        to,
        data: remunerateData(
          job.installment ?? 0,
          holders,
          lines.map((l) => l.amountCents),
        ),
      };
    }
    if (job.kind === 'transfer') {
      // Each board purchase records the buyer's payment and the seller's proceeds, paired by
      // their trade (the reference): the units go from the seller's wallet to the buyer's.
      const sales = lines.flatMap((l, i) => (l.kind === 'market_sale' ? [i] : []));
      const buyerOf = (i: number) =>
        lines.findIndex((l) => l.kind === 'market_purchase' && l.reference === lines[i]!.reference);
      return {
        to,
        data: transferUnitsData(
          sales.map((i) => holders[i]!),
          sales.map((i) => holders[buyerOf(i)]!),
          sales.map((i) => BigInt(lines[i]!.quantity ?? 0)),
        ),
      };
    }
    const units = lines.map((l) => BigInt(l.quantity ?? 0));
    return { to, data: job.kind === 'mint' ? mintData(holders, units) : burnData(holders, units) };
  }

  async function sign(call: { to?: Address; data?: Hex; value?: bigint }, nonce: number) {
    const request = await client.wallet.prepareTransactionRequest({
      ...call,
      ...(client.gasLimit ? { gas: client.gasLimit } : {}),
      nonce,
      account: client.account,
      chain: client.chain,
    });
    const raw = await client.account.signTransaction(request as TransactionSerializable);
    return { raw, hash: keccak256(raw) };
  }

  async function broadcast(raw: Hex) {
    try {
      await client.public.sendRawTransaction({ serializedTransaction: raw });
    } catch (err) {
      if (!(err instanceof BaseError && ALREADY_SENT.test(`${err.details} ${err.message}`)))
        throw err;
    }
  }

  async function receiptOf(hash: Hex): Promise<TransactionReceipt | null> {
    try {
      return await client.public.getTransactionReceipt({ hash });
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    }
  }

  async function sendFresh(job: Job): Promise<keyof WorkerReport> {
    const call = await callFor(job);
    const nonce = await client.public.getTransactionCount({ address: from, blockTag: 'pending' });
    const { raw, hash } = await sign(call, nonce);
    const [stored] = await db
      .update(chainJobs)
      .set({ status: 'sent', rawTx: raw, txHash: hash, nonce, sentAt: dbNow })
      .where(and(eq(chainJobs.id, job.id), eq(chainJobs.status, 'pending')))
      .returning();
    if (!stored) return 'retried';
    await broadcast(raw);
    return settle(stored);
  }

  /** A job whose transaction was signed and stored earlier (maybe sent, maybe not). */
  async function resume(job: Job): Promise<keyof WorkerReport> {
    const hash = job.txHash as Hex;
    const receipt = await receiptOf(hash);
    if (receipt) return finalize(job, receipt);
    const nonce = job.nonce!;
    const mined = await client.public.getTransactionCount({ address: from, blockTag: 'latest' });
    if (mined > nonce) {
      // The nonce went to another transaction and ours was never mined: it never will be, so
      // signing it again with a fresh nonce cannot make it happen twice.
      log.warn({ jobId: job.id, nonce, mined }, 'chain job nonce taken; signing again');
      const [reset] = await db
        .update(chainJobs)
        .set({ status: 'pending', rawTx: null, txHash: null, nonce: null })
        .where(and(eq(chainJobs.id, job.id), eq(chainJobs.txHash, hash)))
        .returning();
      return reset ? sendFresh(reset) : 'retried';
    }
    const pending = await client.public.getTransactionCount({ address: from, blockTag: 'pending' });
    if (pending < nonce) await fillGap(pending, nonce);
    await broadcast(job.rawTx as Hex);
    return settle(job);
  }

  /** Nonces below ours that nothing will use: zero-value transfers to itself let ours be mined. */
  async function fillGap(first: number, until: number) {
    log.warn({ first, until }, 'nonce gap on chain; filling it');
    for (let n = first; n < until; n++) {
      const { raw } = await sign({ to: from, value: 0n }, n);
      await broadcast(raw);
    }
  }

  /** Polls for the receipt; a transport error ends the attempt at once (the job stays sent). */
  async function settle(job: Job): Promise<keyof WorkerReport> {
    const deadline = Date.now() + receiptTimeoutMs;
    for (;;) {
      const receipt = await receiptOf(job.txHash as Hex);
      if (receipt) return finalize(job, receipt);
      if (Date.now() > deadline) throw new Error(`no receipt yet for ${job.txHash}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function finalize(job: Job, receipt: TransactionReceipt): Promise<keyof WorkerReport> {
    if (receipt.status !== 'success') {
      await fail(job, `transação revertida no bloco ${receipt.blockNumber}`);
      return 'failed';
    }
    const txUrl = client.explorer.tx(receipt.transactionHash);
    const contractAddress = receipt.contractAddress ? getAddress(receipt.contractAddress) : null;
    await db.transaction(async (tx) => {
      await tx
        .update(chainJobs)
        .set({
          status: 'mined',
          txUrl,
          blockNumber: Number(receipt.blockNumber),
          contractAddress,
          minedAt: dbNow,
          lockedUntil: null,
          lastError: null,
        })
        .where(eq(chainJobs.id, job.id));
      if (job.kind === 'deploy' && contractAddress) {
        await tx
          .update(tokens)
          .set({ contractAddress, scanHashTransaction: txUrl })
          .where(eq(tokens.id, job.tokenId));
      }
    });
    return 'mined';
  }

  async function fail(job: Job, reason: string) {
    log.error({ jobId: job.id, tokenId: job.tokenId, kind: job.kind, reason }, 'chain job failed');
    await db
      .update(chainJobs)
      .set({ status: 'failed', lastError: reason.slice(0, 1000), lockedUntil: null })
      .where(eq(chainJobs.id, job.id));
  }

  async function retryLater(job: Job, err: unknown) {
    const delay = Math.min(1000 * 2 ** Math.max(job.attempts - 1, 0), MAX_BACKOFF_MS);
    const message = describe(err);
    log.warn({ jobId: job.id, attempts: job.attempts, delay, err: message }, 'chain job retried');
    await db
      .update(chainJobs)
      .set({
        nextAttemptAt: after(delay),
        lockedUntil: null,
        lastError: message.slice(0, 1000),
      })
      .where(eq(chainJobs.id, job.id));
  }

  async function process(job: Job): Promise<keyof WorkerReport> {
    try {
      return job.txHash && job.rawTx ? await resume(job) : await sendFresh(job);
    } catch (err) {
      if (!(err instanceof NotReady) && isRevert(err)) {
        await fail(job, describe(err));
        return 'failed';
      }
      const [current] = await db.select().from(chainJobs).where(eq(chainJobs.id, job.id));
      await retryLater(current ?? job, err);
      return 'retried';
    }
  }

  let running: Promise<WorkerReport> | null = null;
  /** Set by stop(): the run in progress ends after its current job (a shutdown's drain). */
  let stopping = false;

  /** Sends every job that is due, in order; returns what happened. */
  async function drain(): Promise<WorkerReport> {
    const report: WorkerReport = { mined: 0, failed: 0, retried: 0 };
    await recordUnrecordedTokens(db);
    for (let i = 0; i < maxJobs && !stopping; i++) {
      const job = await claim();
      if (!job) break;
      report[await process(job)]++;
    }
    return report;
  }

  return {
    runOnce(): Promise<WorkerReport> {
      running ??= drain().finally(() => {
        running = null;
      });
      return running;
    },
    start(intervalMs: number) {
      const timer = setInterval(() => {
        if (running) return;
        this.runOnce().catch((err: unknown) => log.error({ err }, 'chain worker run failed'));
      }, intervalMs);
      timer.unref();
      return {
        /** Waits for the job being sent; the run's other due jobs wait for the next process. */
        async stop() {
          stopping = true;
          clearInterval(timer);
          await running?.catch(() => undefined);
        },
      };
    },
  };
}

export type ChainWorker = ReturnType<typeof createChainWorker>;
