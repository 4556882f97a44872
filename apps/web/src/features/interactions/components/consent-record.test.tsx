import { CONSENT_MESSAGES, CONSENT_NOTICE_VERSION, type InteractionDetail } from '@fieldbot/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '@/lib/format-date';
import { blockingViolations } from '@/test/axe';
import { renderWithProviders } from '@/test/render';
import { InteractionDetails } from './interaction-details';

const CONFIRMED_AT = '2026-03-04T12:00:00.000Z';

const detail = (overrides: Partial<InteractionDetail>): InteractionDetail => ({
  id: '7f1c1e1a-8a3b-4b52-9d3e-2f6f1c0e9a11',
  interaction_id: 'R-000042',
  type: 'field-recording',
  call_type: null,
  status: 'completed',
  download_status: null,
  recording_by: 'Tom Tech',
  created_at: CONFIRMED_AT,
  duration: 65,
  job_id: 'J-1001',
  customer: { id: '0b6f0f7e-3c1d-4a8e-9f55-5d6a1c2b3e44', name: 'Harbor', do_not_record: false },
  consent: null,
  audio_deleted_at: null,
  transcript_deleted_at: null,
  audio_url: null,
  audio_peaks: null,
  audio_merge_status: 'completed',
  audio_merge_error_message: null,
  transcript: null,
  transcript_status: null,
  transcript_error_message: null,
  transcript_segments: [],
  transcript_engine: null,
  transcript_url: null,
  ...overrides,
});

/** The details block's Consent entry (its <dd>), or null without one. */
function consentEntry() {
  const term = screen.queryByText('Consent', { selector: 'dt' });
  return term ? (term.nextElementSibling as HTMLElement) : null;
}

describe('the Consent entry of the interaction details', () => {
  it('shows the method, who confirmed and when, and the notice version', async () => {
    renderWithProviders(
      <InteractionDetails
        detail={detail({
          consent: {
            method: 'both',
            confirmed_by: 'Tess Tech',
            confirmed_at: CONFIRMED_AT,
            notice_version: CONSENT_NOTICE_VERSION,
          },
        })}
      />,
    );
    const entry = consentEntry()!;
    expect(entry).toHaveTextContent('Technician confirmation and recorded notice');
    expect(entry).toHaveTextContent(`Confirmed by Tess Tech, ${formatTimestamp(CONFIRMED_AT)}`);
    expect(within(entry).getByText(`Notice ${CONSENT_NOTICE_VERSION}`)).toBeInTheDocument();
    expect(await blockingViolations()).toEqual([]);
  });

  it('says when a notice-only record was made, with nobody confirming', () => {
    renderWithProviders(
      <InteractionDetails
        detail={detail({
          consent: {
            method: 'notice',
            confirmed_by: null,
            confirmed_at: CONFIRMED_AT,
            notice_version: CONSENT_NOTICE_VERSION,
          },
        })}
      />,
    );
    const entry = consentEntry()!;
    expect(entry).toHaveTextContent('Recorded notice');
    expect(entry).toHaveTextContent(`Recorded ${formatTimestamp(CONFIRMED_AT)}`);
    expect(entry).not.toHaveTextContent('Confirmed by');
  });

  it('says a recording from before consent was required has no record', () => {
    renderWithProviders(<InteractionDetails detail={detail({ consent: null })} />);
    expect(consentEntry()).toHaveTextContent(CONSENT_MESSAGES.noRecord);
  });

  it('is not shown for CSR calls', () => {
    renderWithProviders(
      <InteractionDetails detail={detail({ type: 'csr-call', call_type: 'Booked' })} />,
    );
    expect(consentEntry()).toBeNull();
  });
});
