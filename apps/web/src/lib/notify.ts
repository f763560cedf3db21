import { requestToaster } from './toast-signal';

/**
 * Toasts (docs/product.md §8): top right, 3 s; the container in app/ sets position and duration. The toast
 * store loads with the first toast, like the container, so a screen that may show one does not
 * download it with its own code.
 */
function show(message: string, color: string): void {
  requestToaster();
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      message,
      color,
      withBorder: true,
      // Its close button is an icon: named for screen readers (axe button-name).
      closeButtonProps: { 'aria-label': 'Fechar aviso' },
    }),
  );
}

export function notifySuccess(message: string): void {
  show(message, 'copaiba');
}

export function notifyError(message: string): void {
  show(message, 'red');
}
