import type { ProjectFormData } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creatorKeys } from '@/lib/query-keys';

/** GET /api/project/detail/{tokenId} → the project as its edit form shows it. */
export function getProjectDetail(tokenId: number): Promise<ProjectFormData> {
  return api.get<ProjectFormData>(`project/detail/${tokenId}`);
}

export function useProjectDetail(tokenId: number | null) {
  return useQuery({
    queryKey: creatorKeys.project(tokenId ?? 0),
    queryFn: () => getProjectDetail(tokenId!),
    enabled: tokenId !== null,
    staleTime: 0,
  });
}
