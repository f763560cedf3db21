import type { TokenFormData } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const tokenDetailQueryKey = (id: number) => ['creator-token', id] as const;

/** GET /api/token/detail/{id} (the creator's own token) → the token as its edit form shows it. */
export function getTokenDetail(id: number): Promise<TokenFormData> {
  return api.get<TokenFormData>(`token/detail/${id}`);
}

export function useTokenDetail(id: number | null) {
  return useQuery({
    queryKey: tokenDetailQueryKey(id ?? 0),
    queryFn: () => getTokenDetail(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
