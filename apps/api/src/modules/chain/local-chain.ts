import { mkdirSync } from 'node:fs';
import type { Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import type { Eip1193Like } from './chain-client.ts';

export interface LocalChain {
  provider: Eip1193Like;
  close: () => Promise<void>;
}

/**
 * An in-process EVM (ganache) that runs the real compiled contract. With `dbPath` its state is
 * kept on disk, so contract addresses and hashes survive a restart; without it, it lives in memory.
 */
export async function startLocalChain(options: {
  chainId: number;
  platformKey: Hex;
  dbPath?: string;
}): Promise<LocalChain> {
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
  return {
    provider: {
      request: (args) => provider.request(args as Parameters<typeof provider.request>[0]),
    },
    close: () => provider.disconnect(),
  };
}
