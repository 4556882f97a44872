import {
  audioDeletedMessage,
  interactionBotResultPath,
  transcriptDeletedMessage,
  type InteractionDetail,
} from '@fieldbot/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { blockingViolations } from '@/test/axe';
import { mockApi } from '@/test/mock-api';
import { renderPage } from '@/test/render-page';
import { InteractionDetailPage } from '../pages/interaction-detail-page';

vi.mock('wavesurfer.js', async () => ({
  default: (await import('@/test/fake-wavesurfer')).FakeWaveSurfer,
}));

const ID = '5d2c4b7e-1f3a-4c6d-8e9f-0a1b2c3d4e5f';
const CUSTOMER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const AUDIO_DELETED = '2026-02-10T12:00:00.000Z';
const TRANSCRIPT_DELETED = '2026-04-11T12:00:00.000Z';

/** An interaction after the retention job: no audio, no transcript, both deletion times. */
const deleted: InteractionDetail = {
  id: ID,
  interaction_id: 'R-000007',
  type: 'field-recording',
  call_type: null,
  status: 'completed',
  download_status: null,
  recording_by: 'Tom Tech',
  created_at: '2025-01-05T15:00:00.000Z',
  duration: 65,
  job_id: null,
  customer: { id: CUSTOMER_ID, name: 'Harbor View Dental', do_not_record: false },
  consent: null,
  audio_deleted_at: AUDIO_DELETED,
  transcript_deleted_at: TRANSCRIPT_DELETED,
  audio_url: null,
  audio_peaks: null,
  audio_merge_status: 'completed',
  audio_merge_error_message: null,
  transcript: null,
  transcript_status: 'completed',
  transcript_error_message: null,
  transcript_segments: [],
  transcript_engine: null,
  transcript_url: null,
};

function renderDeleted(detail: InteractionDetail) {
  mockApi({
    [`GET /api/company/interaction/${ID}/field-recording`]: { body: { data: detail } },
    [`GET ${interactionBotResultPath(ID, 'field-recording')}`]: { body: { data: null } },
  });
  renderPage(<InteractionDetailPage />, {
    route: 'customers/:customerId/interaction/:interactionId/:interactionType',
    url: `/customers/${CUSTOMER_ID}/interaction/${ID}/field-recording`,
  });
}

describe('an interaction whose recording retention deleted', () => {
  it('shows the deleted states in place of the player and of the transcript', async () => {
    renderDeleted(deleted);
    const recording = await screen.findByRole('region', { name: 'Recording' });
    expect(within(recording).getByRole('status')).toHaveTextContent(
      audioDeletedMessage(AUDIO_DELETED),
    );
    expect(within(recording).queryByRole('button', { name: /play/i })).not.toBeInTheDocument();
    expect(screen.queryByText('Copy link at this moment')).not.toBeInTheDocument();

    const transcript = screen.getByRole('region', { name: /Transcript/ });
    expect(within(transcript).getByRole('status')).toHaveTextContent(
      transcriptDeletedMessage(TRANSCRIPT_DELETED),
    );
    expect(within(transcript).queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    expect(await blockingViolations()).toEqual([]);
  });

  it('keeps the transcript when only the audio has gone', async () => {
    renderDeleted({
      ...deleted,
      transcript_deleted_at: null,
      transcript: 'The boiler is fine.',
      transcript_segments: [
        { start: 0, end: 4, speaker: 'Speaker 1', text: 'The boiler is fine.' },
      ],
    });
    expect(await screen.findByText(audioDeletedMessage(AUDIO_DELETED))).toBeInTheDocument();
    expect(screen.getByText('The boiler is fine.')).toBeInTheDocument();
    expect(
      screen.queryByText(transcriptDeletedMessage(TRANSCRIPT_DELETED)),
    ).not.toBeInTheDocument();
  });
});
