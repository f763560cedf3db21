import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { currentUserKey } from '@/lib/query-keys';
import { onSessionExpired, useIsLoggedIn } from '@/lib/session';

/** Connects the session store to the router and the query cache. */
export function SessionBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();

  // A refresh that failed outside the user fetch sends the person to /login (docs/product.md §4, §8).
  useEffect(() => onSessionExpired(() => void navigate('/login', { replace: true })), [navigate]);

  // Whoever logs in next must not see the previous person's data.
  useEffect(() => {
    if (!loggedIn) queryClient.removeQueries({ queryKey: currentUserKey });
  }, [loggedIn, queryClient]);

  return null;
}
