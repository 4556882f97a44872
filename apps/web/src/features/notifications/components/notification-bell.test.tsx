import {
  notificationReadPath,
  notificationsPath,
  notificationsUnreadPath,
  type Notification,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockingViolations } from '@/test/axe';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderPage } from '@/test/render-page';
import { NotificationBell } from './notification-bell';

afterEach(() => vi.unstubAllGlobals());

const LINK = '/customers/c1/interaction/i1/csr-call?t=10.5';
const item = (over: Partial<Notification> = {}): Notification => ({
  id: '00000000-0000-4000-8000-000000000001',
  rule_name: 'Unbooked calls',
  condition: 'tag_found',
  summary: 'Booking outcome: Not booked',
  link: LINK,
  created_at: '2026-06-10T15:00:00.000Z',
  read_at: null,
  ...over,
});

/** The server: `unread` unread, the list, and marking read. */
function serve(state: { unread: number; items: Notification[] }) {
  return mockFetch(({ url, method }) => {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/csrf-cookie') return new Response(null, { status: 204 });
    if (pathname === notificationsUnreadPath) {
      return jsonResponse(200, { data: { unread: state.unread } });
    }
    if (pathname === notificationsPath) {
      return jsonResponse(200, {
        data: { items: state.items, count: state.items.length, unread: state.unread },
      });
    }
    if (method === 'POST' && pathname === notificationReadPath(state.items[0]!.id)) {
      state.unread -= 1;
      state.items = state.items.map((n) => ({ ...n, read_at: '2026-06-10T16:00:00.000Z' }));
      return jsonResponse(200, { data: { unread: state.unread } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

function renderBell(role: 'company_admin' | 'field_team' | 'publisher_admin' = 'company_admin') {
  return renderPage(<NotificationBell />, {
    route: '/',
    url: '/',
    user: makeUser(role),
  });
}

describe('NotificationBell', () => {
  it('names its unread count, and lists notifications that open the call at the evidence', async () => {
    serve({ unread: 3, items: [item()] });
    const view = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    await userEvent.click(bell);
    const link = await screen.findByRole('link', { name: /Booking outcome: Not booked/ });
    expect(link).toHaveAttribute('href', LINK);
    expect(screen.getByRole('link', { name: 'Alert settings' })).toBeInTheDocument();
    expect(await blockingViolations(view.container.ownerDocument.body)).toEqual([]);
  });

  it('marks one read', async () => {
    serve({ unread: 1, items: [item()] });
    renderBell('field_team');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark "Booking outcome: Not booked" as read' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument(),
    );
    // Technicians keep no rules: no settings link.
    expect(screen.queryByRole('link', { name: 'Alert settings' })).toBeNull();
  });

  it('shows more notifications a page at a time', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      item({
        id: `00000000-0000-4000-8000-0000000000${String(i + 10)}`,
        summary: `Finding ${i + 1}`,
      }),
    );
    mockFetch(({ url }) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === notificationsUnreadPath) return jsonResponse(200, { data: { unread: 12 } });
      const page = Number(searchParams.get('page'));
      const items = many.slice((page - 1) * 10, page * 10);
      return jsonResponse(200, { data: { items, count: 12, unread: 12 } });
    });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 12 unread' }));
    expect(await screen.findByRole('link', { name: /Finding 10/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Finding 11/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: /Finding 12/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows nothing to publishers', () => {
    serve({ unread: 0, items: [] });
    const view = renderBell('publisher_admin');
    expect(view.container.querySelector('button')).toBeNull();
  });
});
