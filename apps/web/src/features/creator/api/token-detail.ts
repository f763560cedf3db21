import type { TokenFormData } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creatorKeys } from '@/lib/query-keys';

/** GET /api/token/detail/{id} (the creator's own token) → the token as its edit form shows it. */
export function getTokenDetail(id: number): Promise<TokenFormData> {
  return api.get<TokenFormData>(`token/detail/${id}`);
}

export function useTokenDetail(id: number | null) {
  return useQuery({
    queryKey: creatorKeys.token(id ?? 0),
    queryFn: () => getTokenDetail(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
