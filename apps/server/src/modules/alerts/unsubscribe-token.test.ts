import { describe, expect, it } from 'vitest';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const USER = '00000000-0000-4000-8000-000000000001';
const RULE = '00000000-0000-4000-8000-000000000002';

describe('unsubscribe tokens', () => {
  it('name the user and rule they were signed for', () => {
    expect(verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, USER, RULE))).toEqual({
      userId: USER,
      ruleId: RULE,
    });
  });

  it('refuse a changed rule, user or signature, another secret, and garbage', () => {
    const token = signUnsubscribe(SECRET, USER, RULE);
    const [, , signature] = token.split('.');
    expect(verifyUnsubscribe(SECRET, `${USER}.${USER}.${signature}`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${RULE}.${RULE}.${signature}`)).toBeNull();
    const flipped = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    expect(verifyUnsubscribe(SECRET, flipped)).toBeNull();
    expect(verifyUnsubscribe(`${SECRET}!`, token)).toBeNull();
    expect(verifyUnsubscribe(SECRET, 'not-a-token')).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${token}.extra`)).toBeNull();
  });
});
