import type { IncomeReport } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/income-report/{year}/: the year's figures, the same as its PDF. */
export function getIncomeReport(year: number): Promise<IncomeReport> {
  return api.get<IncomeReport>(`wallet/income-report/${year}/`);
}

export function useIncomeReport(year: number | null) {
  return useQuery({
    queryKey: walletKeys.incomeReport(year ?? 0),
    queryFn: () => getIncomeReport(year!),
    enabled: year !== null,
  });
}
