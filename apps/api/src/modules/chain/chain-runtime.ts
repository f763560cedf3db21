import { hkdfSync } from 'node:crypto';
import { join } from 'node:path';
import type { Database } from '@copaiba/db';
import type { FastifyBaseLogger } from 'fastify';
import { toHex, type Hex } from 'viem';
import type { Config } from '../../config.ts';
import {
  createChainClient,
  providerTransport,
  rpcTransport,
  type ChainClient,
  type Eip1193Like,
} from './chain-client.ts';
import { createChainWorker, type ChainWorker } from './chain-worker.ts';
import { createLocalChain, LOCAL_CHAIN_GAS_LIMIT } from './local-chain.ts';

export interface ChainRuntime {
  mode: 'local' | 'rpc';
  client: ChainClient;
  worker: ChainWorker;
  /** The local chain's provider (null on a real network). */
  provider: Eip1193Like | null;
  /** A worker over another provider with the same platform account: tests use it for outages. */
  workerOver(provider: Eip1193Like): ChainWorker;
  close(): Promise<void>;
}

/** The platform's key on the local chain, derived from the server's secret so it is stable. */
export function localPlatformKey(encryptionKey: Buffer): Hex {
  return toHex(new Uint8Array(hkdfSync('sha256', encryptionKey, 'copaiba', 'local-chain', 32)));
}

/**
 * Chain access from the configuration: a real network over HTTP (CHAIN_RPC_URL, CHAIN_ID,
 * CHAIN_PRIVATE_KEY, EXPLORER_URL), or a local EVM in a process of its own whose state lives in
 * DATA_DIR/chain (in memory under NODE_ENV=test), started at its first use. The app calls it only
 * when CHAIN_MODE is not off.
 */
export function createChainRuntime(deps: {
  config: Config;
  db: Database;
  encryptionKey: Buffer;
  log: FastifyBaseLogger;
}): ChainRuntime {
  const { config } = deps;
  const worker = (client: ChainClient) =>
    createChainWorker({
      db: deps.db,
      client,
      encryptionKey: deps.encryptionKey,
      log: deps.log,
    });
  if (config.CHAIN_MODE === 'rpc') {
    const privateKey = config.CHAIN_PRIVATE_KEY as Hex;
    const client = createChainClient({
      transport: rpcTransport(config.CHAIN_RPC_URL!),
      chainId: config.CHAIN_ID,
      privateKey,
      explorerUrl: config.EXPLORER_URL,
    });
    return {
      mode: 'rpc',
      client,
      worker: worker(client),
      provider: null,
      workerOver: (provider) =>
        worker(
          createChainClient({
            transport: providerTransport(provider),
            chainId: config.CHAIN_ID,
            privateKey,
            explorerUrl: config.EXPLORER_URL,
          }),
        ),
      close: async () => undefined,
    };
  }
  const privateKey =
    (config.CHAIN_PRIVATE_KEY as Hex | undefined) ?? localPlatformKey(deps.encryptionKey);
  const local = createLocalChain({
    chainId: config.CHAIN_ID,
    platformKey: privateKey,
    dbPath: config.NODE_ENV === 'test' ? undefined : join(config.DATA_DIR, 'chain'),
  });
  const clientOver = (provider: Eip1193Like) =>
    createChainClient({
      transport: providerTransport(provider),
      chainId: config.CHAIN_ID,
      privateKey,
      explorerUrl: config.EXPLORER_URL,
      name: 'Copaíba local',
      gasLimit: LOCAL_CHAIN_GAS_LIMIT,
    });
  const client = clientOver(local.provider);
  return {
    mode: 'local',
    client,
    worker: worker(client),
    provider: local.provider,
    workerOver: (provider) => worker(clientOver(provider)),
    close: local.close,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Chain access, or null when CHAIN_MODE=off. */
    chain: ChainRuntime | null;
  }
}
