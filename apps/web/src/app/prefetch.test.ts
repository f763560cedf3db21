import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { walletBalanceQuery } from '@/lib/wallet-balance';
import { memoryStorage } from '@/testing/memory-storage';
import { prefetchScreenData } from './prefetch';

let requested: string[];

beforeEach(() => {
  vi.stubGlobal('window', {
    localStorage: memoryStorage(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      requested.push(url);
      return Promise.resolve(
        new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefetchScreenData', () => {
  it("starts a signed-in screen's first reads, which its first render takes without asking again", async () => {
    setTokens('A1', 'R1');
    const client = new QueryClient();
    prefetchScreenData(client, '/wallet');
    await vi.waitFor(() => expect(requested).toHaveLength(4));
    expect(requested.sort()).toEqual([
      '/api/investor/profile/',
      '/api/wallet/balance/brlt/',
      '/api/wallet/history/',
      '/api/wallet/upcoming-receipts/',
    ]);

    const observer = new QueryObserver(client, walletBalanceQuery);
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(observer.getCurrentResult().data).toEqual({});
    expect(requested).toHaveLength(4);
    unsubscribe();

    requested = [];
    prefetchScreenData(new QueryClient(), '/extract/');
    await vi.waitFor(() => expect(requested).toHaveLength(2));
    expect(requested.sort()).toEqual([
      '/api/wallet/balance/brlt/',
      '/api/wallet/transactions/todos?page=1',
    ]);
  });

  it('asks nothing for a visitor, nor for a screen it does not know', async () => {
    prefetchScreenData(new QueryClient(), '/wallet');
    setTokens('A1', 'R1');
    prefetchScreenData(new QueryClient(), '/mural');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requested).toEqual([]);
  });
});
