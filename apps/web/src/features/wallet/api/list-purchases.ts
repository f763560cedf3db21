import type { PurchaseRow } from '@copaiba/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getPageOrEmpty } from '@/lib/page-or-empty';
import { investorKeys, tokenKeys, walletKeys } from '@/lib/query-keys';

/** GET /api/wallet/purchases/?page=N, 6 per page: 'Minhas compras' (docs/product.md §15). */
export function usePurchases(page: number) {
  return useQuery({
    queryKey: walletKeys.purchases(page),
    queryFn: () => getPageOrEmpty<PurchaseRow>(`wallet/purchases/?page=${page}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/wallet/purchases/{id}/desistencia/: undoes the purchase; a retry answers the same. */
export function desistPurchase(id: number) {
  return api.post<{ message: string }>(`wallet/purchases/${id}/desistencia/`);
}

/**
 * Whatever the answer, the wallet is read again; once undone, also the investor's annual limit and
 * the token pages (their units are on sale again).
 */
export function useDesistPurchase() {
  const queryClient = useQueryClient();
  // Not awaited: the confirmation closes at the answer, as the lists refresh behind it.
  return useMutation({
    mutationFn: desistPurchase,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: investorKeys.all });
      void queryClient.invalidateQueries({ queryKey: tokenKeys.details });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
