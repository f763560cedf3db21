import { useCurrentUserPolling } from '@/lib/current-user';
import { LayoutOutlet } from './layout-outlet';

/** The authenticated group: keeps the user fresh every 300000 ms (docs/product.md §4). */
export function PrivateLayout() {
  useCurrentUserPolling();
  return <LayoutOutlet />;
}
