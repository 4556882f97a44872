import {
  companyAuditLogExportPath,
  companyAuditLogPath,
  publisherAuditLogExportPath,
  publisherAuditLogPath,
  type AuditLogEntry,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { AuditLogPage } from './audit-log-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/settings/audit-log';

const entry = (patch: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: '4b0f3a52-3c1f-4d6e-9b7a-2f5f0c1d8e9a',
  at: '2026-12-06T10:00:00.000Z',
  event: 'webhook.created',
  label: 'Created a webhook',
  group: 'api_webhooks',
  actor: { id: 'u1', email: 'ina@example.test', name: 'Ina Admin' },
  target: { type: 'webhook', id: '9c2d1e7a-0000-4000-8000-000000000001', label: 'Webhook' },
  ip: '203.0.113.7',
  user_agent: 'Firefox',
  meta: {},
  ...patch,
});

const page = (data: AuditLogEntry[], next: string | null = null): MockReply => ({
  body: { data, meta: { limit: 50, next_cursor: next } },
});

function open(
  handler: Parameters<typeof mockApi>[0][string],
  role: 'company_admin' | 'publisher_admin' = 'company_admin',
) {
  const path = role === 'company_admin' ? companyAuditLogPath : publisherAuditLogPath;
  const api = mockApi({ [`GET ${path}`]: handler });
  renderPage(<AuditLogPage />, { route: PATH, url: PATH, user: makeUser(role) });
  return api;
}

/** The query strings the page asked the list with. */
const listQueries = (fetchMock: ReturnType<typeof mockApi>['fetchMock']) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').searchParams);

describe('AuditLogPage', () => {
  it('shows skeleton rows, then each entry: when, who, action, target and address', async () => {
    open(page([entry()]));
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    const table = await screen.findByRole('table', { name: 'Audit Log Entries' });
    const row = await within(table).findByRole('row', { name: /Created a webhook/ });
    expect(row).toHaveTextContent('Ina Admin');
    expect(row).toHaveTextContent('ina@example.test');
    expect(row).toHaveTextContent('Webhook 9c2d1e7a…');
    expect(row).toHaveTextContent('203.0.113.7');
    for (const header of ['When', 'Who', 'Action', 'Target', 'From (IP)']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      companyAuditLogExportPath,
    );
  });

  it('says so when nothing matches', async () => {
    open(page([]));
    expect(await screen.findByText('No Audit Log Entries Found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
  });

  it('shows the server message with a retry when the log fails to load', async () => {
    open({ status: 500, body: { message: 'Server Error' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server Error');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('filters by action group and pages older and newer by cursor', async () => {
    const { fetchMock } = open(() => {
      // The call being answered is the stubbed fetch's latest.
      const latest = vi.mocked(globalThis.fetch).mock.calls.at(-1)!;
      const asked = new URL(String(latest[0]), 'http://localhost').searchParams;
      return asked.get('cursor')
        ? page([entry({ id: '4b0f3a52-3c1f-4d6e-9b7a-2f5f0c1d8e9b', label: 'Signed in' })])
        : page([entry()], 'CURSOR1');
    });
    await screen.findByRole('row', { name: /Created a webhook/ });
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('row', { name: /Signed in/ })).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)!.get('cursor')).toBe('CURSOR1');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByRole('row', { name: /Created a webhook/ })).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Action', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sign-in' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)!.get('group')).toBe('sign_in'));
    expect(listQueries(fetchMock).at(-1)!.get('cursor')).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${companyAuditLogExportPath}?group=sign_in`,
    );
  });

  it('sends the person and a local date range as instants', async () => {
    const { fetchMock } = open(page([entry()]));
    await screen.findByRole('row', { name: /Created a webhook/ });
    await userEvent.type(screen.getByRole('textbox', { name: 'Person' }), 'ina');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)!.get('actor')).toBe('ina'));
    const from = screen.getByLabelText('From');
    await userEvent.type(from, '2026-12-01');
    await waitFor(() =>
      expect(listQueries(fetchMock).at(-1)!.get('from')).toBe(
        new Date('2026-12-01T00:00:00').toISOString(),
      ),
    );
  });

  it('reads the publisher’s log for a publisher admin', async () => {
    open(
      page([entry({ actor: { id: null, email: null, name: null }, event: 'api_key.used' })]),
      'publisher_admin',
    );
    const row = await screen.findByRole('row', { name: /Created a webhook/ });
    expect(row).toHaveTextContent('API key');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      publisherAuditLogExportPath,
    );
  });
});
