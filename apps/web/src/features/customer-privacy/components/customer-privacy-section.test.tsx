import {
  CUSTOMERS_PATH,
  CUSTOMER_PRIVACY_MESSAGES,
  customerDeletionPath,
  customerExportPath,
  customerPrivacyPath,
  privacyRequestPath,
  type Customer,
  type PrivacyRequest,
  type RoleAlias,
} from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { CustomerPrivacySection } from './customer-privacy-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const REQUEST_ID = '9b2f0c8e-1d4a-4e57-8f3b-6a1c2d3e4f50';

const customer = (patch: Partial<Customer> = {}): Customer => ({
  id: ID,
  customer_id: 'CUS-1001',
  name: 'Dana Delete',
  jobs_count: 2,
  type: 'Residential',
  active: true,
  created_at: '2026-01-05T10:00:00.000Z',
  do_not_record: false,
  legal_hold: false,
  ...patch,
});

const request = (status: PrivacyRequest['status']): PrivacyRequest => ({
  id: REQUEST_ID,
  kind: 'customer_deletion',
  status,
  counts: {},
  created_at: '2026-12-06T10:00:00.000Z',
  completed_at: status === 'completed' ? '2026-12-06T10:00:05.000Z' : null,
});

/** `data` null: the customer is still loading. */
function open(role: RoleAlias, data: Customer | null = customer()) {
  const url = `/customers/${ID}`;
  return renderPage(<CustomerPrivacySection customerId={ID} customer={data ?? undefined} />, {
    route: '/customers/:customerId',
    url,
    user: makeUser(role),
  });
}

describe('CustomerPrivacySection', () => {
  it('shows a skeleton while the customer loads', () => {
    open('company_admin', null);
    expect(screen.getByRole('region', { name: 'Privacy' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Loading privacy settings')).toBeInTheDocument();
  });

  it('gives an admin every control, with help text and accessible names', () => {
    open('company_admin');
    const section = screen.getByRole('region', { name: 'Privacy' });
    expect(within(section).getByRole('switch', { name: /^Do not record/ })).not.toBeChecked();
    expect(within(section).getByRole('switch', { name: /^Legal hold/ })).toBeInTheDocument();
    expect(within(section).getByText(/Record Visit is turned off/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Export data' })).toHaveAttribute(
      'href',
      customerExportPath(ID),
    );
    expect(within(section).getByRole('button', { name: 'Delete customer…' })).toBeEnabled();
  });

  it('gives a manager only "Do not record", and a technician nothing', () => {
    const { unmount } = open('manager');
    expect(screen.getByRole('switch', { name: /^Do not record/ })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /^Legal hold/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete customer…' })).toBeNull();
    unmount();
    open('field_team');
    expect(screen.queryByRole('region', { name: 'Privacy' })).toBeNull();
  });

  it('saves "Do not record" and says so', async () => {
    const api = mockApi({
      [`PATCH ${customerPrivacyPath(ID)}`]: {
        body: {
          message: CUSTOMER_PRIVACY_MESSAGES.doNotRecordOn,
          data: { do_not_record: true, legal_hold: false },
        },
      },
    });
    open('company_admin');
    await userEvent.click(screen.getByRole('switch', { name: /^Do not record/ }));
    expect(await screen.findByText(CUSTOMER_PRIVACY_MESSAGES.doNotRecordOn)).toBeInTheDocument();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'PATCH', body: { do_not_record: true } }),
    );
  });

  it('shows an error when saving fails', async () => {
    mockApi({
      [`PATCH ${customerPrivacyPath(ID)}`]: { status: 500, body: { message: 'Server error.' } },
    });
    open('company_admin');
    await userEvent.click(screen.getByRole('switch', { name: /^Legal hold/ }));
    expect(await screen.findByText('Server error.')).toBeInTheDocument();
  });

  it('keeps deletion off under legal hold', () => {
    open('company_admin', customer({ legal_hold: true }));
    expect(screen.getByRole('button', { name: 'Delete customer…' })).toBeDisabled();
    expect(screen.getByText('Lift the legal hold to delete this customer.')).toBeInTheDocument();
  });

  it('deletes only once the exact name is typed, follows the job, then goes to the list', async () => {
    let polls = 0;
    const api = mockApi({
      [`POST ${customerDeletionPath(ID)}`]: {
        body: { message: CUSTOMER_PRIVACY_MESSAGES.deletionQueued, data: request('queued') },
      },
      [`GET ${privacyRequestPath(REQUEST_ID)}`]: () => {
        polls += 1;
        return { body: { data: request(polls > 1 ? 'completed' : 'running') } };
      },
    });
    const { router } = open('company_admin');
    await userEvent.click(screen.getByRole('button', { name: 'Delete customer…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete customer' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete customer' });
    const input = within(dialog).getByLabelText("Type the customer's name to confirm");
    expect(confirm).toBeDisabled();
    await userEvent.type(input, 'dana delete');
    expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'Dana Delete');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(await within(dialog).findByRole('status')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(CUSTOMERS_PATH), {
      timeout: 5_000,
    });
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', body: { confirm_name: 'Dana Delete' } }),
    );
  });

  it("shows the server's refusal under the name field", async () => {
    mockApi({
      [`POST ${customerDeletionPath(ID)}`]: {
        status: 422,
        body: {
          message: CUSTOMER_PRIVACY_MESSAGES.confirmNameMismatch,
          errors: { confirm_name: [CUSTOMER_PRIVACY_MESSAGES.confirmNameMismatch] },
        },
      },
    });
    open('company_admin');
    await userEvent.click(screen.getByRole('button', { name: 'Delete customer…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete customer' });
    await userEvent.type(
      within(dialog).getByLabelText("Type the customer's name to confirm"),
      'Dana Delete',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete customer' }));
    expect(
      await within(dialog).findByText(CUSTOMER_PRIVACY_MESSAGES.confirmNameMismatch),
    ).toBeInTheDocument();
  });
});
