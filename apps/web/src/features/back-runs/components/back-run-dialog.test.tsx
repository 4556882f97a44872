import {
  BACK_RUN_MESSAGES,
  backRunCancelPath,
  backRunEstimatePath,
  backRunPath,
  backRunsPath,
  type BackRun,
} from '@fieldbot/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCompanyBot } from '@/components/bot-result/test/fixtures';
import { mockApi, type MockReply } from '@/test/mock-api';
import { createTestQueryClient, TestProviders } from '@/test/render';
import { BACK_RUN_POLL_MS } from '../api/get-back-run';
import { BackRunDialog } from './back-run-dialog';
import { ESTIMATE_FIRST, NO_BACK_RUN_BOTS, NOTHING_TO_RUN } from './back-run-form';

const visit = makeCompanyBot({
  name: 'Visit summary',
  trigger: 'recording-complete',
  trigger_event: 'every',
});
const calls = makeCompanyBot({
  name: 'Every call',
  trigger: 'call-complete',
  trigger_event: 'every',
});
const jobs = makeCompanyBot({ name: 'Big jobs', trigger: 'job-complete', trigger_event: 'every' });

const RUN_ID = '5b0f3c52-3f0e-4d7a-9c43-1c2f7f0c9a01';
const backRun = (overrides: Partial<BackRun> = {}): BackRun => ({
  id: RUN_ID,
  bot_id: visit.id,
  bot_name: visit.name,
  from: '2025-01-01',
  to: '2025-01-31',
  status: 'running',
  total: 4,
  done: 0,
  failed: 0,
  created_at: '2025-02-01T10:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderDialog(handlers: Record<string, MockReply | (() => MockReply)> = {}) {
  const api = mockApi({
    'GET /api/data': { body: { data: { company_bots: [visit, calls, jobs] } } },
    [`POST ${backRunEstimatePath}`]: {
      body: { data: { interactions: 12, estimated_cost_cents: 345 } },
    },
    ...handlers,
  });
  const onClose = vi.fn();
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <BackRunDialog opened onClose={onClose} />
    </TestProviders>,
  );
  return { ...api, onClose };
}

const dialog = () => screen.findByRole('dialog', { name: 'Back-run bots' });

async function chooseBot(name: string, user = userEvent.setup()) {
  const input = within(await dialog()).getByRole('combobox', { name: /^Bot/ });
  await waitFor(() => expect(input).toBeEnabled());
  await user.click(input);
  await user.click(await screen.findByRole('option', { name }));
}

function setRange(from: string, to: string) {
  fireEvent.change(screen.getByLabelText(/^From/), { target: { value: from } });
  fireEvent.change(screen.getByLabelText(/^To/), { target: { value: to } });
}

const button = (name: string) => screen.getByRole('button', { name });

describe('BackRunDialog', () => {
  it('offers the company bots that run on interactions, and runs nothing before an estimate', async () => {
    const user = userEvent.setup();
    renderDialog();
    const input = within(await dialog()).getByRole('combobox', { name: /^Bot/ });
    await waitFor(() => expect(input).toBeEnabled());
    await user.click(input);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Visit summary', 'Every call']);
    expect(button('Run')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Run')).toHaveAccessibleDescription(ESTIMATE_FIRST);
  });

  it('estimates the chosen bot and range, and shows the count and the cost in dollars', async () => {
    const user = userEvent.setup();
    const { calls: requests } = renderDialog();
    await chooseBot('Every call', user);
    setRange('2025-01-01', '2025-01-31');
    await user.click(button('Estimate'));
    expect(await screen.findByText('12 interactions · estimated cost $3.45')).toBeVisible();
    expect(requests.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: backRunEstimatePath,
        body: { bot_id: calls.id, from: '2025-01-01', to: '2025-01-31' },
      },
    ]);
    expect(button('Run')).not.toHaveAttribute('aria-disabled');
    // Any change makes the estimate stale.
    setRange('2025-01-02', '2025-01-31');
    expect(screen.queryByText(/estimated cost/)).toBeNull();
    expect(button('Run')).toHaveAttribute('aria-disabled', 'true');
  });

  it('checks the range before asking the server', async () => {
    const user = userEvent.setup();
    const { calls: requests } = renderDialog();
    await chooseBot('Visit summary', user);
    setRange('2025-02-01', '2025-01-01');
    await user.click(button('Estimate'));
    expect(await screen.findByText(BACK_RUN_MESSAGES.fromAfterTo)).toBeVisible();
    setRange('2023-01-01', '2025-01-01');
    await user.click(button('Estimate'));
    expect(await screen.findByText(BACK_RUN_MESSAGES.rangeTooLong)).toBeVisible();
    expect(requests.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server’s field errors and other failures', async () => {
    const user = userEvent.setup();
    let reply: MockReply = {
      status: 422,
      body: {
        message: BACK_RUN_MESSAGES.jobCompleteBot,
        errors: { bot_id: [BACK_RUN_MESSAGES.jobCompleteBot] },
      },
    };
    renderDialog({ [`POST ${backRunEstimatePath}`]: () => reply });
    await chooseBot('Visit summary', user);
    await user.click(button('Estimate'));
    expect(await screen.findByText(BACK_RUN_MESSAGES.jobCompleteBot)).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Bot/ })).toHaveAttribute('aria-invalid', 'true');

    reply = { status: 500, body: { message: 'The server is down.' } };
    await user.click(button('Estimate'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is down.');
  });

  it('blocks Run when nothing is in the range', async () => {
    const user = userEvent.setup();
    renderDialog({
      [`POST ${backRunEstimatePath}`]: {
        body: { data: { interactions: 0, estimated_cost_cents: 0 } },
      },
    });
    await chooseBot('Visit summary', user);
    await user.click(button('Estimate'));
    expect(await screen.findByText('0 interactions · estimated cost $0.00')).toBeVisible();
    expect(button('Run')).toHaveAccessibleDescription(NOTHING_TO_RUN);
  });

  it('says so when the company has no bot that runs on interactions', async () => {
    mockApi({ 'GET /api/data': { body: { data: { company_bots: [jobs] } } } });
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <BackRunDialog opened onClose={vi.fn()} />
      </TestProviders>,
    );
    expect(await screen.findByText(NO_BACK_RUN_BOTS)).toBeVisible();
  });

  it('runs, follows the progress every few seconds and cancels', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let progress = backRun({ done: 1 });
    const { calls: requests } = renderDialog({
      [`POST ${backRunsPath}`]: { body: { data: backRun() } },
      [`GET ${backRunPath(RUN_ID)}`]: () => ({ body: { data: progress } }),
      [`POST ${backRunCancelPath(RUN_ID)}`]: () => ({
        body: { data: backRun({ status: 'cancelled', done: 2, failed: 2 }) },
      }),
    });
    await chooseBot('Visit summary', user);
    await user.click(button('Estimate'));
    await screen.findByText(/estimated cost/);
    await user.click(button('Run'));

    const bar = await screen.findByRole('progressbar', { name: 'Back-run progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Running… 0 done · 0 failed · 4 total')).toBeVisible();
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: backRunsPath });

    progress = backRun({ done: 2, failed: 1 });
    await act(() => vi.advanceTimersByTimeAsync(BACK_RUN_POLL_MS));
    expect(await screen.findByText('Running… 2 done · 1 failed · 4 total')).toBeVisible();
    expect(bar).toHaveAttribute('aria-valuenow', '75');

    await user.click(button('Cancel back-run'));
    expect(await screen.findByText('Cancelled. 2 done · 2 failed · 4 total')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel back-run' })).toBeNull();
    // Finished: no more polling.
    const reads = requests.filter((c) => c.method === 'GET' && c.path === backRunPath(RUN_ID));
    await act(() => vi.advanceTimersByTimeAsync(BACK_RUN_POLL_MS * 2));
    expect(requests.filter((c) => c.method === 'GET' && c.path === backRunPath(RUN_ID))).toEqual(
      reads,
    );
  });
});
