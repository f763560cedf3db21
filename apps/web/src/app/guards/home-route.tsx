import { Navigate } from 'react-router';
import { useIsLoggedIn } from '@/lib/session';
import type { ReactNode } from 'react';

/** / is the landing page for visitors; a logged-in person goes to the wallet (docs/product.md §2). */
export function HomeRoute({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <Navigate to="/wallet" replace />;
  return children;
}
