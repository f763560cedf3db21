import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** docs/product.md §9: toasts last 3 s, top right. */
export const TOAST_DURATION_MS = 3000;

/**
 * The toast container, loaded after the first paint. notifications.show() works before it
 * mounts: the store keeps the toasts and they appear as soon as this renders.
 */
export default function Toaster() {
  return <Notifications position="top-right" autoClose={TOAST_DURATION_MS} zIndex={1000} />;
}
