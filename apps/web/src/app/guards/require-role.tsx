import type { User } from '@copaiba/contracts';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';

// Shown only when the account could not be read: its code (and its icons) stay out of the entry
// (docs/PERFORMANCE.md, "Initial JavaScript of /").
const ErrorState = lazy(() =>
  import('@/components/error-state').then((m) => ({ default: m.ErrorState })),
);

export type Role = keyof Pick<User, 'is_token_creator' | 'is_admin' | 'is_project_manager'>;

/** Roles used only with two-factor on (docs/product.md §19). */
const TWO_FACTOR_ROLES: ReadonlySet<Role> = new Set(['is_admin', 'is_token_creator']);

/**
 * Creator, admin and project-manager screens: anyone else goes to / (docs/product.md §2, §6); an
 * admin or a creator without two-factor goes to /two-factor first, and comes back after (§19).
 * When the account could not be read (network, 5xx, 429), nothing is known about its roles: the
 * page offers a retry rather than sending an admin away as if they were not one.
 */
export function RequireRole({ role }: { role: Role }) {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  const { pathname } = useLocation();
  if (isPending) return <PageLoader />;
  if (!user)
    return (
      <Suspense fallback={<PageLoader />}>
        <ErrorState message={errorMessage(error)} onRetry={() => void refetch()} />
      </Suspense>
    );
  if (!user[role]) return <Navigate to="/" replace />;
  if (TWO_FACTOR_ROLES.has(role) && !user.is_two_factor_authentication)
    return <Navigate to="/two-factor" replace state={{ required: true, from: pathname }} />;
  return <Outlet />;
}
