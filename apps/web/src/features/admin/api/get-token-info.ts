import type { TokenFormData } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

/** GET /api/admins/token/{tokenId}/ (Info do Token). */
export function getTokenInfo(tokenId: number): Promise<TokenFormData> {
  return api.get<TokenFormData>(`admins/token/${tokenId}/`);
}

export function useTokenInfo(tokenId: number) {
  return useQuery({
    queryKey: adminKeys.token(tokenId),
    queryFn: () => getTokenInfo(tokenId),
    enabled: Number.isInteger(tokenId) && tokenId > 0,
  });
}
