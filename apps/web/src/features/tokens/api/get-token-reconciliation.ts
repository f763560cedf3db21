import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenKeys } from '@/lib/query-keys';

/** GET /api/token/{id}/reconciliation/ — on-chain balances against the ledger (public). */
export interface TokenReconciliation {
  token_id: number;
  status: 'ok' | 'pendente' | 'divergente';
  contract_address: string | null;
  contract_url: string | null;
  checked_at: string;
  ledger_supply: number;
  on_chain_supply: number | null;
  pending_operations: number;
  failed_operations: number;
  differences: Array<{ address: string | null; ledger: number; on_chain: number }>;
}

export function useTokenReconciliation(id: number, enabled: boolean) {
  return useQuery({
    queryKey: tokenKeys.reconciliation(id),
    queryFn: () => api.get<TokenReconciliation>(`token/${id}/reconciliation/`, { auth: false }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
