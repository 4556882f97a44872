import { describe, expect, it } from 'vitest';
import {
  capacityAlertMail,
  holdReason,
  reachedSoftThresholds,
  resumeJobId,
  thresholdToMail,
} from './capacity-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('holdReason', () => {
  const limits = { softCapacityCents: 5_000, hardCapacityCents: 10_000, isPaymentDue: false };

  it('holds at the hard limit (dollars against cents) and not a cent before', () => {
    expect(holdReason(limits, 9_999)).toBeNull();
    expect(holdReason(limits, 10_000)).toBe('hard_capacity');
    expect(holdReason(limits, 25_000)).toBe('hard_capacity');
  });

  it('never holds on spend without a hard limit', () => {
    expect(holdReason({ ...limits, hardCapacityCents: null }, 1_000_000_000)).toBeNull();
  });

  it('holds while payment is due, whatever the spend, and says so first', () => {
    expect(holdReason({ ...limits, isPaymentDue: true }, 0)).toBe('payment_due');
    expect(holdReason({ ...limits, isPaymentDue: true }, 50_000)).toBe('payment_due');
  });

  it('a hard limit of 0 holds from the first cent of the month on', () => {
    expect(holdReason({ ...limits, hardCapacityCents: 0 }, 0)).toBe('hard_capacity');
  });
});

describe('soft thresholds', () => {
  it('reaches 50, 80 and 100 percent of soft by cents spent', () => {
    expect(reachedSoftThresholds(4_999, 10_000)).toEqual([]);
    expect(reachedSoftThresholds(5_000, 10_000)).toEqual([50]);
    expect(reachedSoftThresholds(8_000, 10_000)).toEqual([50, 80]);
    expect(reachedSoftThresholds(12_000, 10_000)).toEqual([50, 80, 100]);
    expect(reachedSoftThresholds(12_000, null)).toEqual([]);
  });

  it('mails the highest of the thresholds newly recorded, or none', () => {
    expect(thresholdToMail([])).toBeNull();
    expect(thresholdToMail([80])).toBe(80);
    expect(thresholdToMail([50, 80, 100])).toBe(100);
  });
});

describe('resumeJobId', () => {
  it('is a UUID, the same for one pause and different for another pause or item', () => {
    const a = resumeJobId('bot-run', 'r1', 1);
    expect(a).toMatch(UUID);
    expect(resumeJobId('bot-run', 'r1', 1)).toBe(a);
    expect(resumeJobId('bot-run', 'r1', 2)).not.toBe(a);
    expect(resumeJobId('bot-run', 'r2', 1)).not.toBe(a);
    expect(resumeJobId('transcribe', 'r1', 1)).not.toBe(a);
  });
});

describe('capacityAlertMail', () => {
  it('names the company, the share, the spend, the month and the hard-limit consequence', () => {
    const mail = capacityAlertMail({
      to: 'admin@example.test',
      companyName: 'Initech <Field>',
      threshold: 80,
      period: '2026-11',
      spentCents: 8_050,
      softCapacityCents: 10_000,
      hardCapacityCents: 15_000,
      settingsUrl: 'http://localhost:3000/settings/billing',
    });
    expect(mail.to).toBe('admin@example.test');
    expect(mail.subject).toBe('Soft capacity 80% reached (November 2026)');
    expect(mail.text).toContain('Initech <Field> has used $80.50 in November 2026');
    expect(mail.text).toContain('80% of its soft capacity of $100.00');
    expect(mail.text).toContain('hard capacity of $150.00');
    expect(mail.text).toContain('http://localhost:3000/settings/billing');
    expect(mail.html).toContain('Initech &#60;Field&#62;');
    expect(mail.html).not.toContain('<Field>');
  });

  it('says services keep running when no hard limit is set', () => {
    const mail = capacityAlertMail({
      to: 'a@example.test',
      companyName: 'X',
      threshold: 100,
      period: '2026-01',
      spentCents: 100,
      softCapacityCents: 100,
      hardCapacityCents: null,
      settingsUrl: 'u',
    });
    expect(mail.text).toContain('No hard capacity is set');
    expect(mail.subject).toBe('Soft capacity 100% reached (January 2026)');
  });
});
