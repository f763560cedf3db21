import type { QueryClient } from '@tanstack/react-query';
import { upcomingReceiptsQuery } from '@/features/wallet/api/get-upcoming-receipts';
import { walletHistoryQuery } from '@/features/wallet/api/get-wallet-history';
import { statementQuery } from '@/features/wallet/api/list-statement';
import { investorProfileQuery } from '@/lib/investor-protection';
import { walletBalanceQuery } from '@/lib/wallet-balance';

/**
 * The reads a signed-in screen shows above the fold on a phone, started on arrival
 * (app/prefetch.ts). A chunk of its own: the entry stays what every visitor needs.
 */
export function prefetchSignedInReads(queryClient: QueryClient, path: '/wallet' | '/extract') {
  void queryClient.prefetchQuery(walletBalanceQuery);
  if (path === '/wallet') {
    void queryClient.prefetchQuery(investorProfileQuery);
    void queryClient.prefetchQuery(upcomingReceiptsQuery);
    void queryClient.prefetchQuery(walletHistoryQuery);
  } else {
    void queryClient.prefetchQuery(statementQuery('todos', 1));
  }
}
