import type { UpcomingReceipts } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/upcoming-receipts/: the next installments across every holding. */
export function getUpcomingReceipts(): Promise<UpcomingReceipts> {
  return api.get<UpcomingReceipts>('wallet/upcoming-receipts/');
}

export function useUpcomingReceipts() {
  return useQuery({ queryKey: walletKeys.upcomingReceipts, queryFn: getUpcomingReceipts });
}
