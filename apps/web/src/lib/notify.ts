import { MESSAGES } from '@fieldbot/shared';
import type { NotificationData } from '@mantine/notifications';
import { isApiError } from './http/api-error';

export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.somethingWentWrong;
}

let anyToast = false;
const toastListeners = new Set<() => void>();

/** Whether any toast has been shown yet: Providers mounts the toast container from then on. */
export function hasShownToast(): boolean {
  return anyToast;
}

export function onFirstToast(listener: () => void): () => void {
  toastListeners.add(listener);
  return () => toastListeners.delete(listener);
}

/**
 * Shows a toast. @mantine/notifications and its container (transitions, portal, styles) load with
 * the first toast, so a page that shows none (the login page) never loads them; the toast appears
 * a tick later and the store keeps it until the container is there.
 */
export function showToast(notification: NotificationData): Promise<void> {
  if (!anyToast) {
    anyToast = true;
    for (const listener of toastListeners) listener();
  }
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
