import { describe, expect, it } from 'vitest';
import { PLAYBACK_SPEEDS } from '../constants';
import {
  activeSegmentIndex,
  customerRunBotBlock,
  detailNeedsPolling,
  downloadCell,
  formatPlayerTime,
  formatTimestamp,
  interactionLinkBlock,
  interactionRunBotBlock,
  interactionTypeLabel,
  lastPage,
  listNeedsPolling,
  nextPlaybackSpeed,
  pageBeyondEnd,
  parseStartTime,
  RUN_BOT_BLOCKS,
  seekBy,
  showingEntries,
} from './interaction-rules';
import { INTERACTION_MESSAGES } from './recording.schema';

describe('interaction link (spec §4)', () => {
  const recording = { type: 'field-recording', download_status: null } as const;
  const call = { type: 'csr-call', status: 'completed' } as const;

  it('blocks in-progress and paused interactions of either type', () => {
    for (const status of ['in-progress', 'paused'] as const) {
      expect(interactionLinkBlock({ ...recording, status })).toBe(
        'Wait for the recording to get complete.',
      );
      expect(interactionLinkBlock({ ...call, status, download_status: 'completed' })).toBe(
        INTERACTION_MESSAGES.linkDisabledInProgress,
      );
      // A call's download state is the more specific reason.
      expect(interactionLinkBlock({ ...call, status, download_status: 'error' })).toBe(
        INTERACTION_MESSAGES.downloadFailed,
      );
    }
  });

  it('blocks CSR calls by download status with the §8 tooltips', () => {
    expect(interactionLinkBlock({ ...call, download_status: 'error' })).toBe(
      'The Recording download failed, please redownload to access the interaction',
    );
    expect(interactionLinkBlock({ ...call, download_status: 'in-progress' })).toBe(
      'The CSR call recording is currently downloading, Please wait for it to finish',
    );
    expect(interactionLinkBlock({ ...call, download_status: null })).toBe(
      'CSR Call is still being processed, Please wait for its completion',
    );
    expect(interactionLinkBlock({ ...call, download_status: 'completed' })).toBeNull();
  });

  it('opens completed recordings whatever their (absent) download status', () => {
    expect(interactionLinkBlock({ ...recording, status: 'completed' })).toBeNull();
  });
});

describe('download status cell (spec §4)', () => {
  it.each([
    ['error', 'redownload'],
    ['in-progress', 'downloading'],
    [null, 'processing'],
    ['completed', 'status'],
  ] as const)('csr-call with %s shows %s', (status, cell) => {
    expect(downloadCell({ type: 'csr-call', download_status: status })).toBe(cell);
  });

  it('field recordings always show their status badge', () => {
    expect(downloadCell({ type: 'field-recording', download_status: null })).toBe('status');
  });
});

describe('polling rules', () => {
  it('polls a list while a call downloads or a recording is processed', () => {
    const done = { download_status: null, status: 'completed' } as const;
    expect(listNeedsPolling([done, { download_status: 'error', status: 'completed' }])).toBe(false);
    expect(listNeedsPolling([done, { download_status: 'in-progress', status: 'completed' }])).toBe(
      true,
    );
    expect(listNeedsPolling([done, { download_status: null, status: 'in-progress' }])).toBe(true);
  });

  it('polls a detail while merge or transcription runs', () => {
    expect(detailNeedsPolling({ audio_merge_status: 'in-progress', transcript_status: null })).toBe(
      true,
    );
    expect(
      detailNeedsPolling({ audio_merge_status: 'completed', transcript_status: 'in-progress' }),
    ).toBe(true);
    expect(
      detailNeedsPolling({ audio_merge_status: 'completed', transcript_status: 'error' }),
    ).toBe(false);
  });
});

describe('formatters (spec §9)', () => {
  it('labels interaction types', () => {
    expect(interactionTypeLabel('field-recording', null)).toBe('Field Recording');
    expect(interactionTypeLabel('csr-call', 'Booked')).toBe('CSR Call (Booked)');
    expect(interactionTypeLabel('csr-call', 'Unbooked')).toBe('CSR Call (Unbooked)');
  });

  it.each([
    [0, '00:00'],
    [5.9, '00:05'],
    [65, '01:05'],
    [3599, '59:59'],
    [3600, '01:00:00'],
    [36_061, '10:01:01'],
    [null, '--:--'],
    [Number.NaN, '--:--'],
    [Number.POSITIVE_INFINITY, '--:--'],
    [-1, '--:--'],
  ])('player time %s → %s', (seconds, text) => {
    expect(formatPlayerTime(seconds)).toBe(text);
  });

  it('formats timestamps as MM/DD/YYYY hh:mm:ss A in local time', () => {
    const local = (y: number, mo: number, d: number, h: number, mi: number, s: number) =>
      new Date(y, mo - 1, d, h, mi, s).toISOString();
    expect(formatTimestamp(local(2026, 3, 7, 0, 5, 9))).toBe('03/07/2026 12:05:09 AM');
    expect(formatTimestamp(local(2026, 12, 31, 12, 0, 0))).toBe('12/31/2026 12:00:00 PM');
    expect(formatTimestamp(local(2026, 1, 2, 23, 59, 59))).toBe('01/02/2026 11:59:59 PM');
    expect(formatTimestamp('not a date')).toBe('');
    expect(formatTimestamp(null)).toBe('');
  });

  it('shows the entries range of a page', () => {
    expect(showingEntries(1, 10, 0)).toBe('Showing 0 to 0 of 0 entries');
    expect(showingEntries(1, 10, 7)).toBe('Showing 1 to 7 of 7 entries');
    expect(showingEntries(3, 10, 1020, true)).toBe('Showing 21 to 30 of 1,020+ entries');
    expect(showingEntries(2, 10, 25)).toBe('Showing 11 to 20 of 25 entries');
    expect(showingEntries(3, 10, 25)).toBe('Showing 21 to 25 of 25 entries');
  });

  it('sends a page past the end to the last page, and an empty list to page 1', () => {
    expect(lastPage(40, 10)).toBe(4);
    expect(lastPage(41, 10)).toBe(5);
    expect(lastPage(0, 10)).toBe(1);
    expect(pageBeyondEnd(99, 40, 10)).toBe(4);
    expect(pageBeyondEnd(5, 41, 10)).toBeNull();
    expect(pageBeyondEnd(4, 40, 10)).toBeNull();
    expect(pageBeyondEnd(1, 0, 10)).toBeNull();
    expect(pageBeyondEnd(3, 0, 10)).toBe(1);
  });
});

describe('audio player rules (spec §4)', () => {
  it('cycles every speed in order and wraps from 3 to 0.5', () => {
    const seen: number[] = [];
    let speed = 1;
    for (let i = 0; i < PLAYBACK_SPEEDS.length; i++) {
      speed = nextPlaybackSpeed(speed);
      seen.push(speed);
    }
    expect(seen).toEqual([1.2, 1.8, 2, 2.5, 3, 0.5, 0.8, 1]);
  });

  it('clamps 5 s skips to the start and the end', () => {
    expect(seekBy(3, -1, 60)).toBe(0);
    expect(seekBy(10, -1, 60)).toBe(5);
    expect(seekBy(57, 1, 60)).toBe(60);
    expect(seekBy(10, 1, 60)).toBe(15);
  });

  it('finds the segment playing at a time', () => {
    const segments = [
      { start: 0, end: 2 },
      { start: 2, end: 5 },
      { start: 6, end: 9 },
    ];
    expect(activeSegmentIndex(segments, 0)).toBe(0);
    expect(activeSegmentIndex(segments, 4.9)).toBe(1);
    // In a pause between segments the previous one stays active.
    expect(activeSegmentIndex(segments, 5.5)).toBe(1);
    expect(activeSegmentIndex(segments, 100)).toBe(2);
    expect(activeSegmentIndex([{ start: 1, end: 2 }], 0.5)).toBe(-1);
  });

  it('reads ?t= as a start position', () => {
    expect(parseStartTime('42.5')).toBe(42.5);
    expect(parseStartTime(null)).toBe(0);
    expect(parseStartTime('abc')).toBe(0);
    expect(parseStartTime('-3')).toBe(0);
  });
});

describe('Run Bot availability (spec §4)', () => {
  const linked = { crm_user_id: 'crm-1' };
  const withJobs = { jobs_count: 3 };
  const done = [{ status: 'completed' as const }, { status: 'terminated' as const }];

  it('lets a CRM-linked user run bots on a customer with jobs and only finished interactions', () => {
    expect(customerRunBotBlock({ user: linked, customer: withJobs, interactions: done })).toBe(
      null,
    );
    expect(customerRunBotBlock({ user: linked, customer: withJobs, interactions: [] })).toBe(null);
  });

  it('says why it is blocked on the customer page, the running bot first', () => {
    const inputs = { user: linked, customer: withJobs, interactions: done };
    expect(customerRunBotBlock({ ...inputs, botRunning: true })).toBe('A bot is already running.');
    expect(customerRunBotBlock({ ...inputs, user: { crm_user_id: null } })).toBe(
      'Your account is not linked to the CRM.',
    );
    expect(customerRunBotBlock({ ...inputs, customer: { jobs_count: 0 } })).toBe(
      'This customer has no jobs.',
    );
    for (const status of ['in-progress', 'paused'] as const) {
      expect(customerRunBotBlock({ ...inputs, interactions: [...done, { status }] })).toBe(
        'Wait until every interaction is completed.',
      );
    }
  });

  it('stays blocked while the user, the customer or the interactions load', () => {
    const inputs = { user: linked, customer: withJobs, interactions: done };
    expect(customerRunBotBlock({ ...inputs, user: null })).toBe(RUN_BOT_BLOCKS.loading);
    expect(customerRunBotBlock({ ...inputs, customer: undefined })).toBe(RUN_BOT_BLOCKS.loading);
    expect(customerRunBotBlock({ ...inputs, interactions: undefined })).toBe(
      RUN_BOT_BLOCKS.loading,
    );
  });

  it('runs on a completed interaction only on the interaction page', () => {
    expect(interactionRunBotBlock({ status: 'completed' })).toBe(null);
    for (const status of ['in-progress', 'paused', 'terminated'] as const) {
      expect(interactionRunBotBlock({ status })).toBe('Bots run on completed interactions only.');
    }
  });
});
