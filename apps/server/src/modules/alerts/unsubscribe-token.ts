import { timingSafeEqual } from 'node:crypto';
import { hmacHex } from '../../lib/tokens.js';

/**
 * One-click unsubscribe links (RFC 8058) are opened without a session, so the link itself proves
 * who may mute which rule: `<user>.<rule>.<hmac>`. The key is derived from the session secret for
 * this one use, so a token of another feature can never pass here. Tokens do not expire: an old
 * e-mail's link must keep working, and all it can do is turn that person's e-mails for that rule
 * off.
 */
const keyOf = (secret: string) => hmacHex(secret, 'alert-unsubscribe');

export function signUnsubscribe(secret: string, userId: string, ruleId: string): string {
  return `${userId}.${ruleId}.${hmacHex(keyOf(secret), `${userId}.${ruleId}`)}`;
}

/** The (user, rule) a token names, or null when it is malformed or its signature is wrong. */
export function verifyUnsubscribe(
  secret: string,
  token: string,
): { userId: string; ruleId: string } | null {
  const [userId, ruleId, signature, ...rest] = token.split('.');
  if (!userId || !ruleId || !signature || rest.length > 0) return null;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (!uuid.test(userId) || !uuid.test(ruleId)) return null;
  const expected = Buffer.from(hmacHex(keyOf(secret), `${userId}.${ruleId}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, ruleId };
}
