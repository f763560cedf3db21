import { Navigate, useLocation } from 'react-router';
import { useIsLoggedIn } from '@/lib/session';
import type { ReactNode } from 'react';

/**
 * / is the landing page for visitors; a logged-in person goes to the wallet (docs/product.md §2),
 * unless the address asks for a section of the landing page ('Sobre' is /#sobre): then they see
 * that section (docs/DECISIONS.md).
 */
export function HomeRoute({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const { hash } = useLocation();
  if (loggedIn && !hash) return <Navigate to="/wallet" replace />;
  return children;
}
