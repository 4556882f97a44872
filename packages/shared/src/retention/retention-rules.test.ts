import { describe, expect, it } from 'vitest';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from './retention-constants';
import {
  audioDeletedMessage,
  isRetentionExpired,
  retentionCutoff,
  transcriptDeletedMessage,
} from './retention-rules';

const NOW = new Date('2026-06-15T10:30:00Z');

describe('retentionCutoff', () => {
  it('is the given number of whole days (24 hours each) before now', () => {
    expect(retentionCutoff(NOW, 30).toISOString()).toBe('2026-05-16T10:30:00.000Z');
    expect(retentionCutoff(NOW, 1).toISOString()).toBe('2026-06-14T10:30:00.000Z');
  });

  it('has bounds a form can state', () => {
    expect(RETENTION_DAYS_MIN).toBe(1);
    expect(RETENTION_DAYS_MAX).toBeGreaterThanOrEqual(365);
  });
});

describe('isRetentionExpired', () => {
  it('expires on the day, not a moment before', () => {
    const started = new Date('2026-05-16T10:30:00Z');
    expect(isRetentionExpired(started, NOW, 30)).toBe(true);
    expect(isRetentionExpired(new Date(started.getTime() + 1), NOW, 30)).toBe(false);
    expect(isRetentionExpired(started, new Date(NOW.getTime() - 86_400_000), 30)).toBe(false);
  });

  it('keeps everything forever without a setting', () => {
    expect(isRetentionExpired(new Date(0), NOW, null)).toBe(false);
  });
});

describe('deletion messages', () => {
  it('name the policy and the day, in MM/DD/YYYY', () => {
    expect(audioDeletedMessage('2026-03-04T23:30:00Z', 'UTC')).toBe(
      "Audio deleted under the company's retention policy (03/04/2026)",
    );
    expect(transcriptDeletedMessage(new Date('2026-03-04T23:30:00Z'), 'UTC')).toBe(
      "Transcript and bot results deleted under the company's retention policy (03/04/2026)",
    );
  });

  it('show the day of the zone the reader is in', () => {
    expect(audioDeletedMessage('2026-03-04T23:30:00Z', 'Asia/Tokyo')).toBe(
      "Audio deleted under the company's retention policy (03/05/2026)",
    );
  });
});
