import type { ProjectFormData } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

/** GET /api/admins/project/{tokenId}/ (Info do Projeto); 404 {detail} when there is none. */
export function getProjectInfo(tokenId: number): Promise<ProjectFormData> {
  return api.get<ProjectFormData>(`admins/project/${tokenId}/`);
}

export function useProjectInfo(tokenId: number) {
  return useQuery({
    queryKey: adminKeys.project(tokenId),
    queryFn: () => getProjectInfo(tokenId),
    enabled: Number.isInteger(tokenId) && tokenId > 0,
  });
}
