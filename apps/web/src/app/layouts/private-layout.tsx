import { useCurrentUser } from '@/lib/current-user';
import { LayoutOutlet } from './layout-outlet';

/** The authenticated group: keeps the user fresh every 300000 ms (SPEC §4). */
export function PrivateLayout() {
  useCurrentUser({ poll: true });
  return <LayoutOutlet />;
}
