import type { PublicIssuer } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { issuerKeys } from '@/lib/query-keys';

/** GET /api/token-issuer/detail/{id} → the public issuer; 404 {detail} when unknown. */
export function getIssuer(id: number): Promise<PublicIssuer> {
  return api.get<PublicIssuer>(`token-issuer/detail/${id}`, { auth: false });
}

export function useIssuer(id: number | null) {
  return useQuery({
    queryKey: issuerKeys.detail(id),
    queryFn: () => getIssuer(id!),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
