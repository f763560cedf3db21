import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsLoggedIn } from '@/lib/session';

/** The authenticated group: a logged-out visitor goes to `redirectTo` (docs/product.md §2). */
export function RequireAuth({ redirectTo = '/login' }: { redirectTo?: string }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <Navigate to={redirectTo} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
