import type { ConsentRow } from '@copaiba/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPageOrEmpty } from '@/lib/page-or-empty';
import { privacyKeys } from '@/lib/query-keys';

/** GET /api/privacy/consents/?page=N: the person's own consents, newest first, 10 a page. */
export function useConsents(page: number) {
  return useQuery({
    queryKey: privacyKeys.consents(page),
    queryFn: () => getPageOrEmpty<ConsentRow>(`privacy/consents/?page=${page}`),
    placeholderData: keepPreviousData,
  });
}
