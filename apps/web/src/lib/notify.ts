import { notifications } from '@mantine/notifications';
import { requestToaster } from './toast-signal';

/** Toasts (SPEC §8): top right, 3 s; the container in app/ sets position and duration. */
export function notifySuccess(message: string): void {
  requestToaster();
  notifications.show({ message, color: 'copaiba', withBorder: true });
}

export function notifyError(message: string): void {
  requestToaster();
  notifications.show({ message, color: 'red', withBorder: true });
}
