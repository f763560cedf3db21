import type { PurchaseRow } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getPageOrEmpty } from '@/lib/page-or-empty';
import { walletKeys } from '@/lib/query-keys';

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
