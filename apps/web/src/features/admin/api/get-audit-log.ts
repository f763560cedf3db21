import type { AuditEntry, Page } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

/** Entries per page of GET /api/admins/audit-log/. */
export const AUDIT_PAGE_SIZE = 20;

/** GET /api/admins/audit-log/?page=N → the admins' acts, newest first (20 per page). */
export function getAuditLog(page: number): Promise<Page<AuditEntry>> {
  return api.get<Page<AuditEntry>>(`admins/audit-log/?page=${page}`);
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: () => getAuditLog(page),
    placeholderData: keepPreviousData,
  });
}
