import { notificationsStreamPath } from '@fieldbot/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notificationListQueryKey, unreadQueryKey } from '../api/notifications';

/**
 * Follows the unread count over server-sent events. Returns whether the stream is down, so the
 * count polls meanwhile (EventSource reconnects by itself, and polling stops once it is back).
 */
export function useNotificationStream(enabled: boolean): { down: boolean } {
  const queryClient = useQueryClient();
  // Without EventSource (old browsers, jsdom) the count polls from the start.
  const supported = typeof EventSource !== 'undefined';
  const [down, setDown] = useState(!supported);

  useEffect(() => {
    if (!enabled || !supported) return;
    const source = new EventSource(notificationsStreamPath, { withCredentials: true });
    let last: number | null = null;
    source.addEventListener('open', () => setDown(false));
    source.addEventListener('error', () => setDown(true));
    source.addEventListener('unread', (event) => {
      const { unread } = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
      queryClient.setQueryData(unreadQueryKey, { data: { unread } });
      // A new count means new (or elsewhere read) notifications: the open list follows.
      if (last !== null && last !== unread) {
        void queryClient.invalidateQueries({ queryKey: notificationListQueryKey });
      }
      last = unread;
      setDown(false);
    });
    return () => source.close();
  }, [enabled, supported, queryClient]);

  return { down };
}
