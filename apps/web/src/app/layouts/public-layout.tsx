import { LayoutOutlet } from './layout-outlet';

/** Public screens: no periodic user refresh (SPEC §4 polls only on non-public pages). */
export function PublicLayout() {
  return <LayoutOutlet />;
}
