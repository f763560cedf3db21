import type { User } from '@copaiba/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { currentUserKey } from './query-keys';
import { useIsLoggedIn } from './session';

/** docs/product.md §4: the user is fetched at once, then every 5 minutes on non-public pages. */
export const USER_REFETCH_INTERVAL_MS = 300_000;

/** GET /api/user/. A failed refresh here removes the tokens silently (docs/product.md §4). */
export function fetchCurrentUser(): Promise<User> {
  return api.get<User>('user/', { onAuthFailure: 'silent' });
}

/**
 * The user's query. `poll` is the private layout's: refetched every 5 minutes, it re-renders the
 * layout, and so the whole screen in one blocking task (a query's store updates render at once),
 * only when the user arrives or changes, not at each refetch's start and end as an observer that
 * reads nothing otherwise would. Not never: at the user's arrival that render mounts the screen at
 * once when its code is in, where without it a transition the top bar's reads keep restarting
 * paints the screen later (docs/PERFORMANCE.md, "The private layout's poll").
 */
export function currentUserQuery(loggedIn: boolean, { poll = false } = {}) {
  return queryOptions({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    enabled: loggedIn,
    refetchInterval: poll ? USER_REFETCH_INTERVAL_MS : false,
    staleTime: 30_000,
    notifyOnChangeProps: poll ? ['data'] : undefined,
  });
}

/** The signed-in user, for a component that shows or checks it. */
export function useCurrentUser() {
  return useQuery(currentUserQuery(useIsLoggedIn()));
}

/** Keeps the user fresh on non-public pages (docs/product.md §4), for the private layout. */
export function useCurrentUserPolling(): void {
  useQuery(currentUserQuery(useIsLoggedIn(), { poll: true }));
}

/** The top bar's greeting, 'Olá {first name}' (docs/product.md §2), or 'Olá' without a name. */
export function greeting(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Olá ${first}` : 'Olá';
}
