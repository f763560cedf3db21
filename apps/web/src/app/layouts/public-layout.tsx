import { LayoutOutlet } from './layout-outlet';

/** Public screens: no periodic user refresh (docs/product.md §4 polls only on non-public pages). */
export function PublicLayout() {
  return <LayoutOutlet />;
}
