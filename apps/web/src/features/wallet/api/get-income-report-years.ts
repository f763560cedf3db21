import type { IncomeReportYears } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/income-report/: the years with an income report, newest first. */
export function getIncomeReportYears(): Promise<IncomeReportYears> {
  return api.get<IncomeReportYears>('wallet/income-report/');
}

export function useIncomeReportYears() {
  return useQuery({ queryKey: walletKeys.incomeReportYears, queryFn: getIncomeReportYears });
}
