import { makeUser } from '@fieldbot/shared/testing';
import { screen } from '@testing-library/react';
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
});
