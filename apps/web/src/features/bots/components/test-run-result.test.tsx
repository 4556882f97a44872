import { makeUser } from '@fieldbot/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render-page';
import { makeTestRunData } from '../test/fixtures';
import { TestRunResult } from './test-run-result';

describe('TestRunResult', () => {
  it('mounts the raw response only while it is shown, focusable to scroll it by keyboard', async () => {
    const data = makeTestRunData(
      [{ speaker: 'Technician', text: 'The plan covers two visits.' }],
      [{ start: 4, end: 8 }],
    );
    renderPage(<TestRunResult data={data} />, {
      route: '/bot/create',
      url: '/bot/create',
      user: makeUser('publisher_admin'),
    });
    const toggle = screen.getByRole('button', { name: 'Show raw response' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('{"ok":true}')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    const raw = screen.getByLabelText('Raw response');
    expect(raw).toHaveTextContent('{"ok":true}');
    expect(raw).toHaveAttribute('tabindex', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Hide raw response' }));
    expect(screen.queryByText('{"ok":true}')).not.toBeInTheDocument();
  });

  it('lists each highlighted span with what in the rule made it match', () => {
    const segments = [
      { speaker: 'Technician', text: "We've got you down for Monday." },
      { speaker: 'Customer', text: 'Is there a plan?' },
    ];
    const joined = segments.map((s) => s.text).join(' ');
    const booked = joined.indexOf('got you down');
    const plan = joined.indexOf('plan');
    const data = makeTestRunData(segments, [
      { start: booked, end: booked + 12, matched_by: 'Family: Booking confirmed' },
      { start: plan, end: plan + 4, matched_by: 'Phrase: plan' },
    ]);
    renderPage(<TestRunResult data={data} />, {
      route: '/bot/create',
      url: '/bot/create',
      user: makeUser('publisher_admin'),
    });
    const rows = within(screen.getByRole('table', { name: 'Evidence' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TagQuoteMatched by',
      'Plan offered“got you down”Family: Booking confirmed',
      'Plan offered“plan”Phrase: plan',
    ]);
  });

  it('leaves the matched-by column out when the engine gives none (LLM)', () => {
    const data = makeTestRunData(
      [{ speaker: 'Technician', text: 'The plan covers two visits.' }],
      [{ start: 4, end: 8 }],
    );
    renderPage(<TestRunResult data={data} />, {
      route: '/bot/create',
      url: '/bot/create',
      user: makeUser('publisher_admin'),
    });
    const table = screen.getByRole('table', { name: 'Evidence' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Tag', 'Quote']);
  });
});
