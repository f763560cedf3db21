import type { User } from '@copaiba/contracts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/lib/current-user';

export type Role = keyof Pick<User, 'is_token_creator' | 'is_admin' | 'is_project_manager'>;

/** Roles used only with two-factor on (docs/product.md §19). */
const TWO_FACTOR_ROLES: ReadonlySet<Role> = new Set(['is_admin', 'is_token_creator']);

/**
 * Creator, admin and project-manager screens: anyone else goes to / (docs/product.md §2, §6); an
 * admin or a creator without two-factor goes to /two-factor first, and comes back after (§19).
 */
export function RequireRole({ role }: { role: Role }) {
  const { data: user, isPending, isError } = useCurrentUser();
  const { pathname } = useLocation();
  if (isPending && !isError) return <PageLoader />;
  if (!user?.[role]) return <Navigate to="/" replace />;
  if (TWO_FACTOR_ROLES.has(role) && !user.is_two_factor_authentication)
    return <Navigate to="/two-factor" replace state={{ required: true, from: pathname }} />;
  return <Outlet />;
}
