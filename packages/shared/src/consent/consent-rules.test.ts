import { describe, expect, it } from 'vitest';
import {
  CONSENT_MESSAGES,
  CONSENT_METHODS,
  CONSENT_NOTICE_VERSION,
  consentMethodUsed,
  consentRequirement,
  missingConsent,
} from './consent-rules';
import { recordingConsentInputSchema } from './consent.schema';

const agreed = { customer_agreed: true };
const noticed = { notice_played: true, notice_version: CONSENT_NOTICE_VERSION };

describe('consentRequirement', () => {
  it('asks for the check, the notice or both, per the company method', () => {
    expect(consentRequirement('confirmation')).toEqual({ confirmation: true, notice: false });
    expect(consentRequirement('notice')).toEqual({ confirmation: false, notice: true });
    expect(consentRequirement('both')).toEqual({ confirmation: true, notice: true });
  });
});

describe('an uploaded file', () => {
  it('is always confirmed by the technician: no notice can be played into it', () => {
    for (const method of CONSENT_METHODS) {
      expect(consentRequirement(method, 'upload')).toEqual({ confirmation: true, notice: false });
      expect(consentMethodUsed(method, 'upload')).toBe('confirmation');
      expect(consentMethodUsed(method, 'recorder')).toBe(method);
      expect(missingConsent(method, { source: 'upload', customer_agreed: true })).toBeNull();
      expect(missingConsent(method, { source: 'upload', ...noticed })?.field).toBe(
        'consent.customer_agreed',
      );
    }
  });
});

describe('missingConsent', () => {
  it.each([
    ['confirmation', undefined, 'consent.customer_agreed'],
    ['confirmation', { customer_agreed: false }, 'consent.customer_agreed'],
    ['confirmation', noticed, 'consent.customer_agreed'],
    ['notice', agreed, 'consent.notice_played'],
    ['notice', { notice_played: true }, 'consent.notice_played'],
    [
      'notice',
      { notice_played: false, notice_version: CONSENT_NOTICE_VERSION },
      'consent.notice_played',
    ],
    ['both', agreed, 'consent.notice_played'],
    ['both', noticed, 'consent.customer_agreed'],
  ] as const)('%s with %j misses %s', (method, given, field) => {
    expect(missingConsent(method, given)?.field).toBe(field);
  });

  it('names the missing step in words the technician can act on', () => {
    expect(missingConsent('confirmation', {})?.message).toBe(CONSENT_MESSAGES.confirmationRequired);
    expect(missingConsent('notice', {})?.message).toBe(CONSENT_MESSAGES.noticeRequired);
  });

  it('accepts what each method requires, and more', () => {
    expect(missingConsent('confirmation', agreed)).toBeNull();
    expect(missingConsent('notice', noticed)).toBeNull();
    expect(missingConsent('both', { ...agreed, ...noticed })).toBeNull();
    for (const method of CONSENT_METHODS) {
      expect(missingConsent(method, { ...agreed, ...noticed })).toBeNull();
    }
  });
});

describe('recordingConsentInputSchema', () => {
  it('accepts the known notice versions only', () => {
    expect(recordingConsentInputSchema.safeParse(noticed).success).toBe(true);
    expect(
      recordingConsentInputSchema.safeParse({ notice_played: true, notice_version: 'v0' }).success,
    ).toBe(false);
  });

  it('refuses values that are not booleans', () => {
    expect(recordingConsentInputSchema.safeParse({ customer_agreed: 'yes' }).success).toBe(false);
  });
});
