import type { DepositLimit } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/balance/deposit-limit/: what may still be deposited this month. */
export function getDepositLimit(): Promise<DepositLimit> {
  return api.get<DepositLimit>('wallet/balance/deposit-limit/');
}

export function useDepositLimit() {
  return useQuery({ queryKey: walletKeys.depositLimit, queryFn: getDepositLimit, staleTime: 0 });
}
