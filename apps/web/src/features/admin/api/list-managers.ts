import type { ManagerOption } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

/** GET /api/admins/managers/ → every user who is a project manager. */
export function listManagers(): Promise<ManagerOption[]> {
  return api.get<ManagerOption[]>('admins/managers/');
}

export function useManagers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: adminKeys.managers, queryFn: listManagers, enabled });
}
