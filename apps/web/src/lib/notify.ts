import { MESSAGES } from '@fieldbot/shared';
import type { NotificationData } from '@mantine/notifications';
import { isApiError } from './http/api-error';

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

/**
 * Error toast with the server message (data.message) or the error itself (spec §8). A 401 is the
 * Session Expired modal's (or the payment-due flow's) to show, never a toast of its raw text.
 */
export function notifyError(error: unknown): void {
  if (isApiError(error) && error.status === 401) return;
  void showToast({ color: 'red', title: 'Error', message: errorMessage(error) });
}
