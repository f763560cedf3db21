import type {
  ListingCancelled,
  ListingCreated,
  ListingRow,
  MarketBuyResponse,
  MyListingRow,
} from '@copaiba/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { getPageOrEmpty } from './page-or-empty';
import { marketKeys, walletKeys } from './query-keys';

/*
 * The secondary board, 'Mural de Negociação' (docs/product.md §18): read by /mural and the token
 * page, written by /mural, the token page and 'Meus Ativos'.
 */

/** GET /api/market/listings/?token_id=&page=: open listings, 10 a page, newest first. */
export function useListings(tokenId: number | null, page: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: marketKeys.board(tokenId, page),
    queryFn: () =>
      getPageOrEmpty<ListingRow>(
        `market/listings/?${tokenId === null ? '' : `token_id=${tokenId}&`}page=${page}`,
      ),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

/** GET /api/market/my-listings/?page=: 'Minhas ofertas'. */
export function useMyListings(page: number) {
  return useQuery({
    queryKey: marketKeys.mine(page),
    queryFn: () => getPageOrEmpty<MyListingRow>(`market/my-listings/?page=${page}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/market/listings/ {token_id, quantity, unit_price}. */
export function createListing(body: { token_id: number; quantity: number; unit_price: string }) {
  return api.post<ListingCreated>('market/listings/', { json: body });
}

/** DELETE /api/market/listings/{id}/: what is unsold is free again. */
export function cancelListing(id: number) {
  return api.delete<ListingCancelled>(`market/listings/${id}/`);
}

/** Whatever the answer, the board and the wallet are read again (the units freed or not). */
export function useCancelListing() {
  const queryClient = useQueryClient();
  // Not awaited: the confirmation closes at the answer, as the lists refresh behind it.
  return useMutation({
    mutationFn: cancelListing,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: marketKeys.all });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/** POST /api/market/listings/{id}/buy/ {quantity} with the attempt's Idempotency-Key. */
export function buyListing(id: number, quantity: number, idempotencyKey: string) {
  return api.post<MarketBuyResponse>(`market/listings/${id}/buy/`, {
    json: { quantity },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
