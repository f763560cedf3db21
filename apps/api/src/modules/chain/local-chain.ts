import { fork, type ChildProcess } from 'node:child_process';
import type { Hex } from 'viem';
import type { Eip1193Like } from './chain-client.ts';

/**
 * The local chain's block gas limit, which is also the gas the worker gives each of its
 * transactions there (chain-runtime.ts): ganache's estimate runs the EVM step by step, dearer
 * than the transaction itself (docs/PERFORMANCE.md, "The default run").
 */
export const LOCAL_CHAIN_GAS_LIMIT = 30_000_000n;

export interface LocalChainOptions {
  chainId: number;
  platformKey: Hex;
  /** Where its state is kept; without it, it lives in memory (and in its process). */
  dbPath?: string;
}

/** The protocol with local-chain-process.ts. */
export type LocalChainMessage =
  | { type: 'open'; options: LocalChainOptions }
  | { type: 'close' }
  | { type: 'request'; id: number; method: string; params?: unknown };
export interface LocalChainReply {
  id: number;
  result?: unknown;
  error?: { message: string; code?: number; data?: unknown };
}

export interface LocalChain {
  /** Answers JSON-RPC; the first request starts the EVM's process and waits for it. */
  provider: Eip1193Like;
  close: () => Promise<void>;
}

/** A persisted chain's process is stopped after this long without a request. */
const IDLE_MS = 30_000;
/** A process that does not exit within this long of being told to close is killed. */
const CLOSE_GRACE_MS = 10_000;

interface Running {
  process: ChildProcess;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>;
}

/**
 * An EVM (ganache) running the real compiled contract, in a process of its own
 * (local-chain-process.ts). With `dbPath` its state is kept on disk, so contract addresses and
 * hashes survive a restart; without it, it lives in memory.
 *
 * It starts at its first request, not with the server, and a persisted one stops after `idleMs`
 * without requests: loading ganache takes ~1.5 s of CPU and ~90 MB that a process never gives
 * back, which a server with nothing to record on chain does not need (docs/ARCHITECTURE.md,
 * "The API"). A process that fails or dies is started again at the next request.
 */
export function createLocalChain(options: LocalChainOptions & { idleMs?: number }): LocalChain {
  const { idleMs = IDLE_MS, ...chainOptions } = options;
  let running: Running | null = null;
  /** The last process's exit: the next one must not open DATA_DIR/chain before it is closed. */
  let exited: Promise<void> = Promise.resolve();
  let closed = false;
  let lastId = 0;
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  function start(): Running {
    // Beside this file in the sources (run through tsx); under dist/modules/chain/ in the bundle
    // (apps/api/build.ts), whose chunks sit in dist/.
    const source = import.meta.url.endsWith('.ts');
    const entry = new URL(
      source ? './local-chain-process.ts' : './modules/chain/local-chain-process.js',
      import.meta.url,
    );
    const child = fork(entry, {
      execArgv: source ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const started: Running = { process: child, pending: new Map() };
    child.on('message', (reply: LocalChainReply) => {
      const waiting = started.pending.get(reply.id);
      if (!waiting) return;
      started.pending.delete(reply.id);
      if (reply.error) {
        const { message, code, data } = reply.error;
        waiting.reject(Object.assign(new Error(message), { code, data }));
      } else waiting.resolve(reply.result);
    });
    exited = new Promise((resolve) => {
      const ended = (why: string) => {
        if (running === started) running = null;
        for (const waiting of started.pending.values())
          waiting.reject(new Error(`the local chain's process ended (${why})`));
        started.pending.clear();
        resolve();
      };
      child.once('exit', (code, signal) => ended(signal ?? `code ${code}`));
      child.once('error', (err) => ended(err.message));
    });
    // Only requests in flight keep the server's process alive (see request).
    child.unref();
    child.send({ type: 'open', options: chainOptions } satisfies LocalChainMessage);
    return started;
  }

  function stop(target: Running) {
    if (running === target) running = null;
    if (target.process.connected)
      target.process.send({ type: 'close' } satisfies LocalChainMessage);
    const kill = setTimeout(() => target.process.kill('SIGKILL'), CLOSE_GRACE_MS);
    kill.unref();
    void exited.then(() => clearTimeout(kill));
  }

  // In memory, the process is the chain's state: only a persisted chain is stopped when idle.
  const stopsWhenIdle = chainOptions.dbPath !== undefined;

  async function request(args: { method: string; params?: unknown }): Promise<unknown> {
    if (closed) throw new Error('the local chain is closed');
    clearTimeout(idleTimer);
    inFlight++;
    try {
      if (!running) {
        await exited;
        if (closed) throw new Error('the local chain is closed');
        running ??= start();
      }
      const target = running;
      target.process.channel?.ref();
      const id = ++lastId;
      return await new Promise((resolve, reject) => {
        target.pending.set(id, { resolve, reject });
        const message: LocalChainMessage = { type: 'request', id, ...args };
        target.process.send(message, (err) => {
          if (!err) return;
          target.pending.delete(id);
          reject(err);
        });
      });
    } finally {
      inFlight--;
      if (inFlight === 0) {
        running?.process.channel?.unref();
        if (stopsWhenIdle && !closed) {
          idleTimer = setTimeout(() => {
            if (inFlight === 0 && running) stop(running);
          }, idleMs);
          idleTimer.unref();
        }
      }
    }
  }

  return {
    provider: { request },
    close: async () => {
      closed = true;
      clearTimeout(idleTimer);
      if (running) stop(running);
      await exited;
    },
  };
}
