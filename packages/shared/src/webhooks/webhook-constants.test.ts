import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_LIMIT, formatWebhookDelay, webhookRetrySchedule } from './webhook-constants';

describe('webhookRetrySchedule', () => {
  it('spreads the retries over about 24 hours, doubling each wait', () => {
    const steps = webhookRetrySchedule();
    expect(steps).toHaveLength(WEBHOOK_RETRY_LIMIT);
    expect(steps[0]).toMatchObject({ attempt: 2, minDelaySeconds: 56, maxDelaySeconds: 112 });
    for (let i = 1; i < steps.length; i++) {
      expect(steps[i]!.minDelaySeconds).toBe(2 * steps[i - 1]!.minDelaySeconds);
    }
    const last = steps.at(-1)!.expectedAfterFirstSeconds;
    expect(Math.abs(last - 24 * 3600)).toBeLessThan(30 * 60);
  });

  it('formats waits for people', () => {
    expect(formatWebhookDelay(56)).toBe('56 s');
    expect(formatWebhookDelay(112)).toBe('2 min');
    expect(formatWebhookDelay(2 * 3600 + 30 * 60)).toBe('2 h 30 min');
    expect(formatWebhookDelay(24 * 3600)).toBe('24 h');
  });
});
