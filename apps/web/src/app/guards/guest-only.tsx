import { Navigate, Outlet } from 'react-router';
import { useIsLoggedIn } from '@/lib/session';

/** Login, register, confirmation and password screens send a logged-in person to /. */
export function GuestOnly() {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <Navigate to="/" replace />;
  return <Outlet />;
}
