import { RUN_BOT_BLOCKS, botRunPath } from '@fieldbot/shared';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockReply } from '@/test/mock-api';
import { createTestQueryClient, TestProviders } from '@/test/render';
import type { BotResultTarget } from './api/bot-result-target';
import { botResultQueryKey } from './api/bot-result-target';
import { RunBotsDialog } from './run-bots-dialog';
import { makeCompanyBot } from './test/fixtures';

const ID = '7f1c1e1a-8a3b-4b52-9d3e-2f6f1c0e9a11';

const bots = [
  makeCompanyBot({ name: 'Visit summary', trigger: 'recording-complete', trigger_event: 'every' }),
  makeCompanyBot({ name: 'Every call', trigger: 'call-complete', trigger_event: 'every' }),
  makeCompanyBot({ name: 'Booked calls', trigger: 'call-complete', trigger_event: 'call-booked' }),
  makeCompanyBot({ name: 'Lost calls', trigger: 'call-complete', trigger_event: 'call-unbooked' }),
  makeCompanyBot({
    name: 'Big jobs',
    trigger: 'job-complete',
    trigger_event: 'greater-to-revenue',
  }),
];

afterEach(() => vi.unstubAllGlobals());

function renderDialog(
  target: BotResultTarget,
  runReply: MockReply = { body: { message: 'Bots started.' } },
) {
  const api = mockApi({
    'GET /api/data': { body: { data: { company_bots: bots } } },
    [`POST ${botRunPath}`]: runReply,
  });
  const queryClient = createTestQueryClient();
  const onClose = vi.fn();
  render(
    <TestProviders queryClient={queryClient}>
      <Notifications />
      <RunBotsDialog opened onClose={onClose} target={target} />
    </TestProviders>,
  );
  return { ...api, onClose, queryClient };
}

async function offeredBots(): Promise<string[]> {
  const dialog = await screen.findByRole('dialog', { name: 'Select Bots' });
  const input = within(dialog).getByRole('combobox', { name: 'Bots' });
  await waitFor(() => expect(input).toBeEnabled());
  await userEvent.setup().click(input);
  const list = await screen.findByRole('listbox');
  return within(list)
    .queryAllByRole('option')
    .map((o) => o.textContent ?? '');
}

const interaction = (
  type: 'csr-call' | 'field-recording',
  callType: 'Booked' | 'Unbooked' | null,
) => ({ kind: 'interaction', id: ID, type, callType }) satisfies BotResultTarget;

describe('RunBotsDialog', () => {
  it('asks for company_bots and offers only the bots selectable for the target (spec §5)', async () => {
    const { calls } = renderDialog(interaction('csr-call', 'Booked'));
    expect(await offeredBots()).toEqual(['Every call', 'Booked calls']);
    expect(calls.map((c) => c.path)).toEqual(['/api/data']);
    expect(String(vi.mocked(fetch).mock.calls[0]?.[0])).toContain('items=company_bots');
  });

  it('offers unbooked-call bots for an Unbooked call', async () => {
    renderDialog(interaction('csr-call', 'Unbooked'));
    expect(await offeredBots()).toEqual(['Every call', 'Lost calls']);
  });

  it('offers recording-complete bots for a field recording', async () => {
    renderDialog(interaction('field-recording', null));
    expect(await offeredBots()).toEqual(['Visit summary']);
  });

  it('offers only job-complete bots on the customer page', async () => {
    renderDialog({ kind: 'customer', id: ID });
    expect(await offeredBots()).toEqual(['Big jobs']);
  });

  it('keeps Run disabled until a bot is chosen, then runs, toasts the server message, closes and refetches', async () => {
    const target = interaction('csr-call', 'Booked');
    const { calls, onClose, queryClient } = renderDialog(target);
    queryClient.setQueryData(botResultQueryKey(target), null);
    const user = userEvent.setup();
    const run = screen.getByRole('button', { name: 'Run' });
    expect(run).toHaveAttribute('aria-disabled', 'true');
    expect(run).toHaveAccessibleDescription(RUN_BOT_BLOCKS.noBotChosen);
    await user.click(run);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await offeredBots();
    await user.click(screen.getByRole('option', { name: 'Booked calls' }));
    const enabledRun = screen.getByRole('button', { name: 'Run' });
    expect(enabledRun).not.toHaveAttribute('aria-disabled');
    await user.click(enabledRun);

    expect(await screen.findByText('Bots started.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      bot_ids: [bots[2]!.id],
      id: ID,
      type: 'csr-call',
    });
    expect(onClose).toHaveBeenCalled();
    expect(queryClient.getQueryState(botResultQueryKey(target))?.isInvalidated).toBe(true);
  });

  it("shows the server's message when the run is refused (422) and stays open", async () => {
    const { onClose } = renderDialog(interaction('field-recording', null), {
      status: 422,
      body: {
        message: 'Visit summary cannot run on this interaction.',
        errors: { bot_ids: ['Visit summary cannot run on this interaction.'] },
      },
    });
    const user = userEvent.setup();
    await offeredBots();
    await user.click(screen.getByRole('option', { name: 'Visit summary' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const message = await screen.findByText('Visit summary cannot run on this interaction.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
