import { notifications } from '@mantine/notifications';

/** Toasts (SPEC §8): top right, 3 s; the provider in app/ sets position and duration. */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'copaiba', withBorder: true });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', withBorder: true });
}
