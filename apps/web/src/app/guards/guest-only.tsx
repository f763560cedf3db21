import { Navigate, Outlet } from 'react-router';
import { useIsLoggedIn } from '@/lib/session';

/**
 * Login, register, confirmation and password screens send a logged-in person to the wallet,
 * their home (docs/product.md §2): straight there, so 'Entrar' is one navigation.
 */
export function GuestOnly() {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <Navigate to="/wallet" replace />;
  return <Outlet />;
}
