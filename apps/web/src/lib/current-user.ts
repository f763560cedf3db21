import type { User } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { currentUserKey } from './query-keys';
import { useIsLoggedIn } from './session';

/** docs/product.md §4: the user is fetched at once, then every 5 minutes on non-public pages. */
export const USER_REFETCH_INTERVAL_MS = 300_000;

/** GET /api/user/. A failed refresh here removes the tokens silently (docs/product.md §4). */
export function fetchCurrentUser(): Promise<User> {
  return api.get<User>('user/', { onAuthFailure: 'silent' });
}

export function useCurrentUser({ poll = false }: { poll?: boolean } = {}) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    enabled: loggedIn,
    refetchInterval: poll ? USER_REFETCH_INTERVAL_MS : false,
    staleTime: 30_000,
  });
}

/** The top bar's greeting, 'Olá {first name}' (docs/product.md §2), or 'Olá' without a name. */
export function greeting(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Olá ${first}` : 'Olá';
}
