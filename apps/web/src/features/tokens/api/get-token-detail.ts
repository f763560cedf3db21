import type { TokenDetailResponse } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/token-issuer-token-project/detail/{id} → token, issuer, project, schedule (public). */
export function getTokenDetail(id: number): Promise<TokenDetailResponse> {
  return api.get<TokenDetailResponse>(`token-issuer-token-project/detail/${id}`, { auth: false });
}

export function useTokenDetail(id: number | null) {
  return useQuery({
    queryKey: ['token-detail', id],
    queryFn: () => getTokenDetail(id!),
    enabled: id !== null,
    staleTime: 30_000,
  });
}
