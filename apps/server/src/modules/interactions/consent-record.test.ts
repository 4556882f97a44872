import { describe, expect, it } from 'vitest';
import { toRecordingConsent } from './consent-record';

describe('toRecordingConsent', () => {
  it('is null for an interaction without a consent row (a left join gives all nulls)', () => {
    expect(toRecordingConsent(undefined)).toBeNull();
    expect(
      toRecordingConsent({
        method: null,
        confirmedByName: null,
        confirmedAt: null,
        noticeVersion: null,
      }),
    ).toBeNull();
  });

  it('gives who confirmed, when, the method and the notice version', () => {
    expect(
      toRecordingConsent({
        method: 'both',
        confirmedByName: 'Tina Tech',
        confirmedAt: new Date('2026-12-01T09:30:00Z'),
        noticeVersion: '2026-12',
      }),
    ).toEqual({
      method: 'both',
      confirmed_by: 'Tina Tech',
      confirmed_at: '2026-12-01T09:30:00.000Z',
      notice_version: '2026-12',
    });
  });

  it('keeps a notice-only record, which has nobody confirming', () => {
    expect(
      toRecordingConsent({
        method: 'notice',
        confirmedByName: null,
        confirmedAt: null,
        noticeVersion: '2026-12',
      }),
    ).toEqual({
      method: 'notice',
      confirmed_by: null,
      confirmed_at: null,
      notice_version: '2026-12',
    });
  });
});
