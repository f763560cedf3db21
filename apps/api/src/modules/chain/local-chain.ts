import { mkdirSync } from 'node:fs';
import type { Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import type { Eip1193Like } from './chain-client.ts';

export interface LocalChain {
  /** Answers JSON-RPC; the first request starts the EVM and waits for it. */
  provider: Eip1193Like;
  close: () => Promise<void>;
}

/**
 * An in-process EVM (ganache) that runs the real compiled contract. With `dbPath` its state is
 * kept on disk, so contract addresses and hashes survive a restart; without it, it lives in memory.
 *
 * It starts at its first use, not with the server: loading ganache and opening its state take
 * ~1.5 s of the process's only thread and ~80 MB, which a restart with nothing to record on chain
 * does not need (docs/ARCHITECTURE.md, "The API"). A failed start is retried at the next use.
 */
export function createLocalChain(options: {
  chainId: number;
  platformKey: Hex;
  dbPath?: string;
}): LocalChain {
  type Ganache = Awaited<ReturnType<typeof open>>;
  let opening: Promise<Ganache> | null = null;
  let closed = false;

  async function open() {
    const { default: ganache } = await import('ganache');
    if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
    const provider = ganache.provider({
      logging: { quiet: true },
      chain: { chainId: options.chainId },
      miner: { instamine: 'eager' },
      wallet: {
        accounts: [{ secretKey: options.platformKey, balance: `0x${(10n ** 24n).toString(16)}` }],
      },
      ...(options.dbPath ? { database: { dbPath: options.dbPath } } : {}),
    });
    // A reopened database keeps its own balances; make sure the platform can always pay for gas.
    await provider.request({
      method: 'evm_setAccountBalance',
      params: [privateKeyToAddress(options.platformKey), `0x${(10n ** 24n).toString(16)}`],
    });
    return provider;
  }

  function opened(): Promise<Ganache> {
    if (closed) return Promise.reject(new Error('the local chain is closed'));
    opening ??= open().catch((err: unknown) => {
      opening = null;
      throw err;
    });
    return opening;
  }

  return {
    provider: {
      request: async (args) => {
        const provider = await opened();
        return provider.request(args as Parameters<typeof provider.request>[0]);
      },
    },
    close: async () => {
      closed = true;
      const provider = await opening?.catch(() => null);
      await provider?.disconnect();
    },
  };
}
