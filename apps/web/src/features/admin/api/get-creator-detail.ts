import type { CreatorDetail } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

/** GET /api/admins/detail/creator/{id}: the user, links to their data and their tokens. */
export function getCreatorDetail(id: number): Promise<CreatorDetail> {
  return api.get<CreatorDetail>(`admins/detail/creator/${id}`);
}

export function useCreatorDetail(id: number) {
  return useQuery({
    queryKey: adminKeys.creator(id),
    queryFn: () => getCreatorDetail(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
