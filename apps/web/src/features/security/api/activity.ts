import type { SecurityEventItem } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPageOrEmpty } from '@/lib/page-or-empty';
import { securityKeys } from '@/lib/query-keys';

/** GET /api/account/activity/?page=N: the person's security events of 12 months, 10 a page. */
export function useAccountActivity(page: number) {
  return useQuery({
    queryKey: securityKeys.activity(page),
    queryFn: () => getPageOrEmpty<SecurityEventItem>(`account/activity/?page=${page}`),
    placeholderData: keepPreviousData,
  });
}
