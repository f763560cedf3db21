import type { CreatorRow, Page } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

/** Rows per page of GET /api/admins/list/creators/. */
export const CREATORS_PAGE_SIZE = 10;

/** GET /api/admins/list/creators/?page=N → users who hold or asked for a role (10 per page). */
export function listCreators(page: number): Promise<Page<CreatorRow>> {
  return api.get<Page<CreatorRow>>(`admins/list/creators/?page=${page}`);
}

export function useCreators(page: number) {
  return useQuery({
    queryKey: adminKeys.creators(page),
    queryFn: () => listCreators(page),
    placeholderData: keepPreviousData,
  });
}
