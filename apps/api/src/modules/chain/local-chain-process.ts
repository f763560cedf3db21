/**
 * The local chain's EVM (ganache) in a process of its own: local-chain.ts forks it at the chain's
 * first request and stops it when idle, because ganache's ~90 MB are never given back once loaded
 * (docs/ARCHITECTURE.md, "The API"). The first message opens it; requests follow as
 * `{ id, method, params }` and are answered `{ id, result }` or `{ id, error }`. It exits when
 * told to close, and when its parent goes away, so a killed server leaves no EVM holding the
 * lock of DATA_DIR/chain.
 */
import { mkdirSync } from 'node:fs';
import { privateKeyToAddress } from 'viem/accounts';
import {
  LOCAL_CHAIN_GAS_LIMIT,
  type LocalChainMessage,
  type LocalChainOptions,
  type LocalChainReply,
} from './local-chain.ts';

type Ganache = Awaited<ReturnType<typeof open>>;

async function open(options: LocalChainOptions) {
  const { default: ganache } = await import('ganache');
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const funds = `0x${(10n ** 24n).toString(16)}`;
  const provider = ganache.provider({
    logging: { quiet: true },
    // A reverted transaction answers with the node's reason, as an estimate would have.
    chain: { chainId: options.chainId, vmErrorsOnRPCResponse: true },
    miner: { instamine: 'eager', blockGasLimit: LOCAL_CHAIN_GAS_LIMIT },
    wallet: { accounts: [{ secretKey: options.platformKey, balance: funds }] },
    ...(options.dbPath ? { database: { dbPath: options.dbPath } } : {}),
  });
  // A reopened database keeps its own balances; make sure the platform can always pay for gas.
  await provider.request({
    method: 'evm_setAccountBalance',
    params: [privateKeyToAddress(options.platformKey), funds],
  });
  return provider;
}

/** What viem needs of a node's error to classify it (a revert, a nonce too low, …). */
function rpcError(err: unknown): NonNullable<LocalChainReply['error']> {
  const e = err as { message?: unknown; code?: unknown; data?: unknown };
  return {
    message: typeof e.message === 'string' ? e.message : String(err),
    code: typeof e.code === 'number' ? e.code : undefined,
    data: e.data,
  };
}

let opening: Promise<Ganache> | null = null;
const reply = (message: LocalChainReply) => process.send!(message);

process.on('message', (message: LocalChainMessage) => {
  if (message.type === 'open') {
    opening = open(message.options);
    opening.catch(() => undefined);
    return;
  }
  if (message.type === 'close') {
    process.disconnect();
    return;
  }
  const { id, method, params } = message;
  void (async () => {
    try {
      const provider = await opening!;
      const result = await provider.request({ method, params } as Parameters<
        Ganache['request']
      >[0]);
      reply({ id, result });
    } catch (err) {
      reply({ id, error: rpcError(err) });
    }
  })();
});
// The parent closed the channel (after 'close', or it died): nothing more will be asked.
process.on('disconnect', () => {
  void (async () => {
    const provider = await opening?.catch(() => null);
    await provider?.disconnect().catch(() => undefined);
    process.exit(0);
  })();
});
