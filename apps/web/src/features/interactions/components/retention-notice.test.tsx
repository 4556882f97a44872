import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blockingViolations } from '@/test/axe';
import { renderWithProviders } from '@/test/render';
import { RetentionNotice } from './retention-notice';

/** Noon UTC, so the day is the same in any zone the tests run in. */
const DELETED_AT = '2026-03-04T12:00:00.000Z';

describe('RetentionNotice', () => {
  it('says the audio was deleted under the retention policy, with the day', async () => {
    renderWithProviders(<RetentionNotice kind="audio" deletedAt={DELETED_AT} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      "Audio deleted under the company's retention policy (03/04/2026)",
    );
    expect(await blockingViolations()).toEqual([]);
  });

  it('says the transcript and bot results were deleted', () => {
    renderWithProviders(<RetentionNotice kind="transcript" deletedAt={DELETED_AT} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      "Transcript and bot results deleted under the company's retention policy (03/04/2026)",
    );
  });
});
