import type { TokenDetailResponse } from '@copaiba/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenKeys } from '@/lib/query-keys';

/** GET /api/token-issuer-token-project/detail/{id} → token, issuer, project, schedule (public). */
export function getTokenDetail(id: number): Promise<TokenDetailResponse> {
  return api.get<TokenDetailResponse>(`token-issuer-token-project/detail/${id}`, { auth: false });
}

export const tokenDetailQuery = (id: number) =>
  queryOptions({
    queryKey: tokenKeys.detail(id),
    queryFn: () => getTokenDetail(id),
    staleTime: 30_000,
  });

export function useTokenDetail(id: number | null) {
  return useQuery({ ...tokenDetailQuery(id ?? 0), enabled: id !== null });
}
