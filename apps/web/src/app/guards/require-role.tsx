import type { User } from '@copaiba/contracts';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/lib/current-user';

export type Role = keyof Pick<User, 'is_token_creator' | 'is_admin' | 'is_project_manager'>;

/** Creator, admin and project-manager screens: anyone else goes to / (docs/product.md §2, §6). */
export function RequireRole({ role }: { role: Role }) {
  const { data: user, isPending, isError } = useCurrentUser();
  if (isPending && !isError) return <PageLoader />;
  if (!user?.[role]) return <Navigate to="/" replace />;
  return <Outlet />;
}
