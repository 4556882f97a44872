import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { STATUS_BADGES, StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('has a badge for every status of spec §4', () => {
    expect(Object.keys(STATUS_BADGES).sort()).toEqual(
      [
        'completed',
        'in-progress',
        'not-touched',
        'paused',
        'not-paid',
        'dispatched',
        'scheduled',
        'invited',
        'invite',
        'not-invited',
        'active',
        'inactive',
        'terminated',
        'revoke',
        'email_not_found',
        'redownload',
      ].sort(),
    );
  });

  it('labels known statuses and title-cases one it does not know', () => {
    renderWithProviders(
      <>
        <StatusBadge status="in-progress" />
        <StatusBadge status="email_not_found" />
        <StatusBadge status="redownload" />
        <StatusBadge status="on-hold_later" />
      </>,
    );
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    expect(screen.getByText('Email Not Found')).toBeInTheDocument();
    expect(screen.getByText('Re Download')).toBeInTheDocument();
    expect(screen.getByText('On Hold Later')).toBeInTheDocument();
  });
});
