import { MARKETPLACE_MESSAGES } from '@fieldbot/shared';
import { makeUser } from '@fieldbot/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { makeDeprecation, uuid } from '../test/fixtures';
import { DeprecationBanner } from './deprecation-banner';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/company/bot-deprecations';

function renderBanner(user = makeUser()) {
  return renderPage(<DeprecationBanner />, { route: '/customers', url: '/customers', user });
}

describe('DeprecationBanner', () => {
  it('tells the company admin which pinned version retires when, with a link to the bot', async () => {
    mockApi({
      [`GET ${PATH}`]: {
        body: {
          data: [
            makeDeprecation({ note: 'Misses plan offers.' }),
            makeDeprecation({
              bot_id: uuid(501),
              bot_name: 'Review Asker',
              version: 3,
              newest_version: 4,
            }),
          ],
        },
      },
    });
    renderBanner();
    expect(
      await screen.findByText(
        MARKETPLACE_MESSAGES.deprecationBanner('Upsell Finder', 1, '12/20/2026', 2),
        { exact: false },
      ),
    ).toHaveTextContent('Misses plan offers.');
    expect(screen.getByRole('link', { name: 'View Upsell Finder' })).toHaveAttribute(
      'href',
      `/marketplace/bot/${uuid(500)}`,
    );
    expect(
      screen.getByText(MARKETPLACE_MESSAGES.deprecationBanner('Review Asker', 3, '12/20/2026', 4), {
        exact: false,
      }),
    ).toBeInTheDocument();
  });

  it('stays dismissed for the rest of the session, one notice at a time', async () => {
    mockApi({
      [`GET ${PATH}`]: {
        body: {
          data: [
            makeDeprecation(),
            makeDeprecation({ bot_id: uuid(501), bot_name: 'Review Asker' }),
          ],
        },
      },
    });
    const view = renderBanner();
    await screen.findByRole('link', { name: 'View Upsell Finder' });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Dismiss the notice about Upsell Finder v1' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'View Upsell Finder' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'View Review Asker' })).toBeInTheDocument();

    view.unmount();
    renderBanner();
    expect(await screen.findByRole('link', { name: 'View Review Asker' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Upsell Finder' })).toBeNull();
  });

  it('asks nothing and shows nothing for other roles', async () => {
    const { calls } = mockApi({ [`GET ${PATH}`]: { body: { data: [makeDeprecation()] } } });
    renderBanner(makeUser('manager'));
    // The page around it has rendered; the banner never asked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Bot deprecations' })).toBeNull();
  });
});
