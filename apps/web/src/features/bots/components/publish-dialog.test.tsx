import {
  BOT_MARK_MESSAGES,
  publishBotPath,
  publishPreviewPath,
  type PublishComparison,
} from '@fieldbot/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockingViolations } from '@/test/axe';
import { mockApi, type ApiCall, type MockReply } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { makeBotDetail } from '../test/fixtures';
import { NO_LABELLED_EXAMPLES } from './publish-comparison';
import { PUBLISH_ANYWAY, PublishDialog } from './publish-dialog';

afterEach(() => vi.unstubAllGlobals());

const bot = makeBotDetail({ latest_version: 2 });

const comparison = (overrides: Partial<PublishComparison> = {}): PublishComparison => ({
  previous_version: 2,
  examples: 40,
  tags: [
    {
      tag_id: 0,
      label: 'Plan offered',
      n: 30,
      before: { precision: 0.8, recall: 0.7 },
      after: { precision: 0.9, recall: 0.75 },
      dropped: false,
    },
    {
      tag_id: 1,
      label: 'Plan price',
      n: 10,
      before: { precision: 0.8, recall: 0.5 },
      after: { precision: 0.6, recall: 0.5 },
      dropped: true,
    },
  ],
  dropped: true,
  ...overrides,
});

function renderDialog(handlers: Record<string, MockReply | ((call: ApiCall) => MockReply)>) {
  const api = mockApi(handlers);
  const onPublished = vi.fn();
  renderWithProviders(
    <PublishDialog
      botId={bot.id}
      nextVersion={3}
      opened
      onClose={() => undefined}
      onPublished={onPublished}
    />,
  );
  return { ...api, onPublished };
}

/** The comparison table's cells, row by row. */
async function comparisonRows() {
  const table = await screen.findByRole('table', { name: 'Before and after, per tag' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('PublishDialog', () => {
  it('compares the draft with the newest version per tag, the drop marked in words', async () => {
    const { calls } = renderDialog({
      [`POST ${publishPreviewPath(bot.id)}`]: { body: { data: comparison() } },
    });
    expect(await comparisonRows()).toEqual([
      ['Plan offered', '80% → 90%', '70% → 75%', '30'],
      ['Plan priceDropped', '80% → 60%', '50% → 50%', '10'],
    ]);
    expect(
      screen.getByText('Before (v2) and after (this draft), on 40 labelled examples.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === publishPreviewPath(bot.id))?.body).toBeNull();
  });

  it("shows '—' before a first version, and a note when there is nothing to compare on", async () => {
    renderDialog({
      [`POST ${publishPreviewPath(bot.id)}`]: {
        body: {
          data: comparison({
            previous_version: null,
            tags: [
              {
                tag_id: 0,
                label: 'Plan offered',
                n: 4,
                before: null,
                after: { precision: 1, recall: null },
                dropped: false,
              },
            ],
            dropped: false,
          }),
        },
      },
    });
    expect(await comparisonRows()).toEqual([['Plan offered', '— → 100%', '— → –', '4']]);
  });

  it('says so for a bot without labelled examples (an LLM bot)', async () => {
    renderDialog({
      [`POST ${publishPreviewPath(bot.id)}`]: {
        body: { data: { previous_version: 2, examples: 0, tags: [], dropped: false } },
      },
    });
    expect(await screen.findByText(NO_LABELLED_EXAMPLES)).toBeInTheDocument();
  });

  it('shows the drop the server refused (409) and publishes anyway with confirm_drop', async () => {
    const refused = comparison();
    const { calls, onPublished } = renderDialog({
      [`POST ${publishPreviewPath(bot.id)}`]: {
        body: { data: comparison({ tags: [], examples: 0, dropped: false }) },
      },
      [`POST ${publishBotPath(bot.id)}`]: (call) =>
        (call.body as { confirm_drop?: boolean }).confirm_drop
          ? { body: { data: { ...bot, latest_version: 3 } } }
          : { status: 409, body: { message: BOT_MARK_MESSAGES.accuracyDrop, data: refused } },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Publish version 3' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Changelog/ }), 'Prices');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(BOT_MARK_MESSAGES.accuracyDrop);
    expect(alert).toHaveTextContent('Plan price: precision 80% → 60%, recall 50% → 50%');
    expect(alert).not.toHaveTextContent('Plan offered');
    // The refused comparison replaces the preview.
    expect(await comparisonRows()).toHaveLength(2);
    expect(onPublished).not.toHaveBeenCalled();
    expect(await blockingViolations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: PUBLISH_ANYWAY }));
    await waitFor(() => expect(onPublished).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.path === publishBotPath(bot.id)).map((c) => c.body)).toEqual([
      { changelog: 'Prices' },
      { changelog: 'Prices', confirm_drop: true },
    ]);
  });

  it('shows a failed comparison with Try again, and Publish still works', async () => {
    let fail = true;
    renderDialog({
      [`POST ${publishPreviewPath(bot.id)}`]: () =>
        fail
          ? { status: 500, body: { message: 'Down' } }
          : { body: { data: comparison({ dropped: false }) } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Down');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await comparisonRows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });
});
