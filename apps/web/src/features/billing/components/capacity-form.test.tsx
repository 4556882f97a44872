import { BILLING_MESSAGES, MESSAGES, SOFT_CAPACITY_EVENT, type User } from '@fieldbot/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { meQueryKey } from '@/lib/session';
import { mockApi } from '@/test/mock-api';
import { blankNegative, capacityBody } from '../lib/capacity-form';
import { renderBilling } from '../test/render-billing';
import { CapacityForm } from './capacity-form';

let track: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  track = vi.spyOn(analytics, 'track').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const soft = () => screen.getByRole('spinbutton', { name: /Soft Capacity/ });
const hard = () => screen.getByRole('spinbutton', { name: /Hard Capacity/ });
const save = () => screen.getByRole('button', { name: 'Save' });

function renderForm(
  limits = { soft_capacity: null as number | null, hard_capacity: null as number | null },
) {
  const view = renderBilling(<CapacityForm limits={limits} />, {
    route: '/settings/billing/capacity',
  });
  return { ...view, events: userEvent.setup() };
}

function mockSave() {
  return mockApi({
    'POST /api/company/update': { body: { message: BILLING_MESSAGES.limitUpdated } },
    'GET /api/company/capacity': { status: 500, body: { message: 'later' } },
    'GET /api/user/me': { status: 500, body: { message: 'later' } },
  });
}

describe('capacity rules', () => {
  it('blank negatives and keep other numbers', () => {
    expect(blankNegative(-5)).toBe('');
    expect(blankNegative('-50')).toBe('');
    expect(blankNegative('-')).toBe('');
    expect(blankNegative('')).toBe('');
    expect(blankNegative(0)).toBe(0);
    expect(blankNegative(120)).toBe(120);
  });

  it('send an empty hard capacity as null', () => {
    expect(capacityBody({ soft_capacity: 50, hard_capacity: '' })).toEqual({
      soft_capacity: 50,
      hard_capacity: null,
    });
  });
});

describe('CapacityForm', () => {
  it('says the limits are US dollars per billing month', () => {
    renderForm();
    expect(screen.getByText(/In US dollars per billing month/)).toBeInTheDocument();
    expect(soft()).toBeRequired();
    expect(hard()).not.toBeRequired();
  });

  it('blocks the +, - and e keys', () => {
    renderForm();
    for (const key of ['+', '-', 'e', 'E']) {
      // fireEvent returns false when the event's default was prevented.
      expect(fireEvent.keyDown(soft(), { key }), key).toBe(false);
      expect(fireEvent.keyDown(hard(), { key }), key).toBe(false);
    }
    expect(fireEvent.keyDown(soft(), { key: '5' })).toBe(true);
  });

  it('blanks a pasted negative value', async () => {
    const { events } = renderForm({ soft_capacity: 40, hard_capacity: null });
    await events.clear(soft());
    await events.click(soft());
    await events.paste('-50');
    expect(soft()).toHaveValue(null);
  });

  it('requires the soft capacity and sends nothing without it', async () => {
    const api = mockSave();
    const { events } = renderForm();
    await events.click(save());
    expect(await screen.findByText(MESSAGES.required)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a fraction of a cent and sends nothing', async () => {
    const api = mockSave();
    const { events } = renderForm();
    fireEvent.change(soft(), { target: { value: '10.505' } });
    await events.click(save());
    expect(await screen.findByText(BILLING_MESSAGES.wholeCents)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('blocks Save while hard is not greater than soft', async () => {
    const { events } = renderForm();
    await events.type(soft(), '100');
    await events.type(hard(), '100');
    expect(await screen.findByText(BILLING_MESSAGES.hardGreaterThanSoft)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await events.clear(hard());
    await events.type(hard(), '50');
    expect(save()).toBeDisabled();
    await events.type(hard(), '0');
    await waitFor(() => expect(save()).toBeEnabled());
    expect(screen.queryByText(BILLING_MESSAGES.hardGreaterThanSoft)).not.toBeInTheDocument();
  });

  it('saves soft with an empty hard as null, says so, and tracks the soft-capacity event at 80 or more', async () => {
    const api = mockSave();
    const { events, queryClient } = renderForm();
    await events.type(soft(), '80');
    await events.click(save());
    expect(await screen.findByText(BILLING_MESSAGES.limitUpdated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/company/update')?.body).toEqual({
      soft_capacity: 80,
      hard_capacity: null,
    });
    expect(track).toHaveBeenCalledWith(SOFT_CAPACITY_EVENT, {
      soft_capacity: 80,
      hard_capacity: null,
    });
    expect(queryClient.getQueryData<User>(meQueryKey)?.company?.soft_capacity).toBe(80);
  });

  it('does not track the event below 80', async () => {
    const api = mockSave();
    const { events } = renderForm();
    await events.type(soft(), '79');
    await events.type(hard(), '200');
    await events.click(save());
    expect(await screen.findByText(BILLING_MESSAGES.limitUpdated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/company/update')?.body).toEqual({
      soft_capacity: 79,
      hard_capacity: 200,
    });
    expect(track).not.toHaveBeenCalled();
  });

  it('puts a 422 message under its field', async () => {
    mockApi({
      'POST /api/company/update': {
        status: 422,
        body: {
          message: 'Invalid',
          errors: { hard_capacity: [BILLING_MESSAGES.hardGreaterThanSoft] },
        },
      },
    });
    const { events } = renderForm({ soft_capacity: 10, hard_capacity: 20 });
    await events.click(save());
    expect(await screen.findByText(BILLING_MESSAGES.hardGreaterThanSoft)).toBeInTheDocument();
  });
});
