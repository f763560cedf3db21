import type { ManagerProject, Page } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managerKeys } from '@/lib/query-keys';

/** GET /api/project-manager/project-list?page=N → the tokens assigned to me (5 per page). */
export function listManagerProjects(page: number): Promise<Page<ManagerProject>> {
  return api.get<Page<ManagerProject>>(`project-manager/project-list?page=${page}`);
}

export function useManagerProjects(page: number) {
  return useQuery({
    queryKey: managerKeys.projectsPage(page),
    queryFn: () => listManagerProjects(page),
    placeholderData: keepPreviousData,
  });
}
