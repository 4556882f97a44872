import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { DisabledReason } from './disabled-reason';

describe('DisabledReason', () => {
  it('leaves the control enabled when there is no reason', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <DisabledReason reason={null}>
        <Button onClick={onClick}>Sync</Button>
      </DisabledReason>,
    );
    const button = screen.getByRole('button', { name: 'Sync' });
    expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('disables the control, keeps it focusable and gives the reason as its description', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <DisabledReason reason="A bot is already running.">
        <Button onClick={onClick}>Run Bot</Button>
      </DisabledReason>,
    );
    const button = screen.getByRole('button', { name: 'Run Bot' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('A bot is already running.');

    await userEvent.click(button);
    // Still focusable (a natively disabled button is not), yet Enter does nothing either.
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('A bot is already running.');
  });
});
