import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onTwoFactorRequired } from '@/lib/api-client';
import { currentUserKey } from '@/lib/query-keys';
import { onSessionExpired, useIsLoggedIn } from '@/lib/session';

/** Connects the session store to the router and the query cache. */
export function SessionBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();

  // A refresh that failed outside the user fetch sends the person to /login (docs/product.md §4, §8).
  useEffect(() => onSessionExpired(() => void navigate('/login', { replace: true })), [navigate]);

  // An admin or creator route refused for want of two-factor: set it up, then come back (§19).
  useEffect(
    () =>
      onTwoFactorRequired(() => {
        void queryClient.invalidateQueries({ queryKey: currentUserKey });
        if (pathname !== '/two-factor')
          void navigate('/two-factor', { state: { required: true, from: pathname } });
      }),
    [navigate, pathname, queryClient],
  );

  // Whoever logs in next must not see the previous person's data.
  useEffect(() => {
    if (!loggedIn) queryClient.removeQueries({ queryKey: currentUserKey });
  }, [loggedIn, queryClient]);

  return null;
}
