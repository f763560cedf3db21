import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  http,
  type Chain,
  type EIP1193RequestFn,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** Anything that answers JSON-RPC requests: ganache's provider, or a wrapper around one. */
export interface Eip1193Like {
  request: (args: { method: string; params?: unknown }) => Promise<unknown>;
}

export interface Explorer {
  tx: (hash: string) => string;
  address: (address: string) => string;
}

/** Every chain access goes through this: reads, the platform's signing account, explorer links. */
export interface ChainClient {
  chain: Chain;
  public: PublicClient;
  wallet: WalletClient<Transport, Chain, PrivateKeyAccount>;
  account: PrivateKeyAccount;
  explorer: Explorer;
  /** Gas given to each transaction the worker signs; unset, the node estimates it. */
  gasLimit?: bigint;
}

export function explorerLinks(baseUrl: string): Explorer {
  const base = baseUrl.replace(/\/$/, '');
  return {
    tx: (hash) => `${base}/tx/${hash}`,
    address: (address) => `${base}/address/${address}`,
  };
}

export function providerTransport(provider: Eip1193Like): Transport {
  return custom({ request: provider.request as EIP1193RequestFn }, { retryCount: 0 });
}

export function rpcTransport(url: string): Transport {
  return http(url, { retryCount: 1, timeout: 15_000 });
}

export function createChainClient(options: {
  transport: Transport;
  chainId: number;
  privateKey: Hex;
  explorerUrl: string;
  name?: string;
  gasLimit?: bigint;
}): ChainClient {
  const chain = defineChain({
    id: options.chainId,
    name: options.name ?? `EVM ${options.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
  const account = privateKeyToAccount(options.privateKey);
  return {
    chain,
    account,
    public: createPublicClient({ chain, transport: options.transport }),
    wallet: createWalletClient({ chain, account, transport: options.transport }),
    explorer: explorerLinks(options.explorerUrl),
    gasLimit: options.gasLimit,
  };
}
