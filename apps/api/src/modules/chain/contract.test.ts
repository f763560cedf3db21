import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWalletClient, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createChainClient, providerTransport, type ChainClient } from './chain-client.ts';
import { deployData, mintData, tokenAbi } from './contract.ts';
import { alive, childProcesses } from '../../testing/server-process.ts';
import { createLocalChain, type LocalChain } from './local-chain.ts';

let local: LocalChain;
let client: ChainClient;
let token: Address;
const investor = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());

beforeAll(async () => {
  const platformKey = generatePrivateKey();
  local = createLocalChain({ chainId: 1337, platformKey });
  client = createChainClient({
    transport: providerTransport(local.provider),
    chainId: 1337,
    privateKey: platformKey,
    explorerUrl: 'https://explorer.example/',
  });
  const hash = await client.wallet.sendTransaction({
    data: deployData('Açaí', 'ACAI', client.account.address),
  });
  token = (await client.public.waitForTransactionReceipt({ hash })).contractAddress!;
  for (const who of [investor, stranger]) {
    await local.provider.request({
      method: 'evm_setAccountBalance',
      params: [who.address, '0xde0b6b3a7640000'],
    });
  }
});
afterAll(() => local.close());

type ReadName = 'name' | 'symbol' | 'decimals' | 'owner' | 'totalSupply' | 'balanceOf' | 'approved';
const read = (functionName: ReadName, args: readonly Address[] = []): Promise<unknown> =>
  client.public.readContract({
    address: token,
    abi: tokenAbi,
    functionName,
    args: args as never,
  });

const asInvestor = (who: typeof investor) =>
  createWalletClient({
    account: who,
    chain: client.chain,
    transport: providerTransport(local.provider),
  });

describe('CopaibaToken on the local chain', () => {
  it('deploys with whole units, the platform as owner, and explorer links', async () => {
    expect(await read('decimals')).toBe(0);
    expect(await read('name')).toBe('Açaí');
    expect(await read('symbol')).toBe('ACAI');
    expect(await read('owner')).toBe(client.account.address);
    expect(client.explorer.address(token)).toBe(`https://explorer.example/address/${token}`);
  });

  it('mints only by the platform, approving the holder it mints to', async () => {
    const hash = await client.wallet.sendTransaction({
      to: token,
      data: mintData([investor.address], [5n]),
    });
    expect((await client.public.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await read('balanceOf', [investor.address])).toBe(5n);
    expect(await read('approved', [investor.address])).toBe(true);
    await expect(
      asInvestor(investor).writeContract({
        address: token,
        abi: tokenAbi,
        functionName: 'mint',
        args: [[investor.address], [1n]],
      }),
    ).rejects.toThrow(/OwnableUnauthorizedAccount|revert/);
  });

  it('refuses units to a wallet Copaíba has not approved, until it is approved', async () => {
    const send = () =>
      asInvestor(investor).writeContract({
        address: token,
        abi: tokenAbi,
        functionName: 'transfer',
        args: [stranger.address, 2n],
      });
    await expect(send()).rejects.toThrow(/HolderNotApproved|revert/);
    expect(await read('balanceOf', [stranger.address])).toBe(0n);
    const approve = await client.wallet.writeContract({
      address: token,
      abi: tokenAbi,
      functionName: 'setApproved',
      args: [stranger.address, true],
    });
    await client.public.waitForTransactionReceipt({ hash: approve });
    await client.public.waitForTransactionReceipt({ hash: await send() });
    expect(await read('balanceOf', [stranger.address])).toBe(2n);
    expect(await read('totalSupply')).toBe(5n);
  });
});

/** The local chain's processes whose parent is `parent` (local-chain-process.ts). */
const chainProcesses = (parent: number) => childProcesses(parent, 'local-chain-process');

describe('the local chain starts at its first request', () => {
  it('opens nothing until asked, once for simultaneous requests, and refuses after closing', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'copaiba-chain-')), 'chain');
    const chain = createLocalChain({ chainId: 1337, platformKey: generatePrivateKey(), dbPath });
    expect(existsSync(dbPath)).toBe(false);
    // One EVM for both: the block the first mines is the block the second reads.
    const [, block] = await Promise.all([
      chain.provider.request({ method: 'evm_mine' }),
      chain.provider.request({ method: 'eth_blockNumber' }),
    ]);
    expect(existsSync(dbPath)).toBe(true);
    expect(block).toBe('0x1');
    await chain.close();
    await expect(chain.provider.request({ method: 'eth_blockNumber' })).rejects.toThrow(/closed/);
    rmSync(dirname(dbPath), { recursive: true, force: true });
  });

  it.skipIf(process.platform !== 'linux')(
    'runs in a process of its own, stopped when idle and started again with its state',
    async () => {
      const dbPath = join(mkdtempSync(join(tmpdir(), 'copaiba-chain-')), 'chain');
      const chain = createLocalChain({
        chainId: 1337,
        platformKey: generatePrivateKey(),
        dbPath,
        idleMs: 300,
      });
      // This file's other chain (beforeAll) is a process of this one too.
      const others = chainProcesses(process.pid);
      const ours = () => chainProcesses(process.pid).filter((pid) => !others.includes(pid));
      try {
        expect(ours()).toEqual([]);
        await chain.provider.request({ method: 'evm_mine' });
        const block = () =>
          chain.provider.request({ method: 'eth_getBlockByNumber', params: ['0x1', false] });
        const mined = (await block()) as { hash: string };
        const [first] = ours();
        expect(first).toBeDefined();
        await vi.waitFor(() => expect(alive(first!)).toBe(false), { timeout: 10_000 });
        // The next request starts a new process on the same state: the block mined before is there.
        expect(await block()).toMatchObject({ hash: mined.hash });
        expect(ours()).toHaveLength(1);
        expect(ours()).not.toContain(first);
      } finally {
        await chain.close();
        rmSync(dirname(dbPath), { recursive: true, force: true });
      }
      expect(ours()).toEqual([]);
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'leaves no process behind when the process that started it is killed',
    async () => {
      const dbPath = join(mkdtempSync(join(tmpdir(), 'copaiba-chain-')), 'chain');
      // A process that opens the chain, says so, and waits: SIGKILL gives it no time to close it.
      const opener = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { createLocalChain } from ${JSON.stringify(new URL('./local-chain.ts', import.meta.url).href)};
const chain = createLocalChain({ chainId: 1337, platformKey: ${JSON.stringify(generatePrivateKey())}, dbPath: ${JSON.stringify(dbPath)} });
await chain.provider.request({ method: 'evm_mine' });
process.stdout.write('open\\n');
setInterval(() => undefined, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      try {
        await new Promise<void>((resolve, reject) => {
          opener.stdout.on('data', (chunk: Buffer) => chunk.includes('open') && resolve());
          opener.once('exit', (code) => reject(new Error(`exited ${code}`)));
        });
        const [evm] = chainProcesses(opener.pid!);
        expect(evm).toBeDefined();
        opener.kill('SIGKILL');
        await vi.waitFor(() => expect(alive(evm!)).toBe(false), { timeout: 10_000 });
      } finally {
        opener.kill('SIGKILL');
        rmSync(dirname(dbPath), { recursive: true, force: true });
      }
    },
  );
});
