import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of
 * random bytes; each signature is `v1,` + base64(HMAC-SHA256(secret bytes, `${id}.${ts}.${body}`)),
 * several separated by spaces (during a rotation, one per valid secret).
 */
const PREFIX = 'whsec_';

/** 32 random bytes: above the specification's minimum of 24. */
export const newWebhookSecret = () => PREFIX + randomBytes(32).toString('base64');

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(
    secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret,
    'base64',
  );
  const mac = createHmac('sha256', key)
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The webhook-id header of a message: stable across its attempts, receivers de-duplicate by it. */
export const webhookMessageId = (messageRowId: string) => `msg_${messageRowId.replaceAll('-', '')}`;

export function webhookHeaders(options: {
  messageId: string;
  secrets: readonly string[];
  body: string;
  at: Date;
}): Record<string, string> {
  const timestamp = Math.floor(options.at.getTime() / 1000);
  return {
    'webhook-id': options.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': options.secrets
      .map((secret) => signWebhook(secret, options.messageId, timestamp, options.body))
      .join(' '),
  };
}
