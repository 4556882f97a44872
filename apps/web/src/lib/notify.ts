import { MESSAGES } from '@fieldbot/shared';
import type { NotificationData } from '@mantine/notifications';

export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.somethingWentWrong;
}

/**
 * Shows a toast. @mantine/notifications is imported on demand so that its container, transitions
 * and store stay out of the login page's JS; the toast appears a tick later.
 */
export function showToast(notification: NotificationData): Promise<void> {
  return import('@mantine/notifications').then(({ notifications }) => {
    notifications.show(notification);
  });
}

export function notifySuccess(message: string): void {
  void showToast({ color: 'green', title: 'Success', message });
}

/** Error toast with the server message (data.message) or the error itself (spec §8). */
export function notifyError(error: unknown): void {
  void showToast({ color: 'red', title: 'Error', message: errorMessage(error) });
}
