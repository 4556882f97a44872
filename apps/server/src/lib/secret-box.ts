import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets at rest (CRM credentials, provider tokens): AES-256-GCM with a key derived
 * from a configured secret by HKDF-SHA256. The envelope names its key, so values sealed under a
 * previous secret still open while they are re-sealed under the current one (rotation).
 *
 * Envelope: `v1.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts; the key id is the first 8 bytes
 * of the key's SHA-256 (it identifies the key without revealing it).
 */
export interface SecretBox {
  seal(plaintext: string): string;
  /** Throws when the envelope is damaged or was sealed under a secret no longer configured. */
  open(sealed: string): string;
  /** True when `sealed` opens only with a previous secret (re-seal it with seal(open(x))). */
  needsReseal(sealed: string): boolean;
}

const INFO = 'fieldbot/secret-box/v1';

function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, purpose, INFO, 32));
}

const keyId = (key: Buffer) =>
  createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');

export function createSecretBox(options: {
  secret: string;
  previousSecrets?: string[];
  /** Separates boxes of different uses under one secret (e.g. 'crm-credentials'). */
  purpose: string;
}): SecretBox {
  const current = deriveKey(options.secret, options.purpose);
  const currentId = keyId(current);
  const keys = new Map<string, Buffer>([[currentId, current]]);
  for (const previous of options.previousSecrets ?? []) {
    const key = deriveKey(previous, options.purpose);
    if (!keys.has(keyId(key))) keys.set(keyId(key), key);
  }

  const parse = (sealed: string) => {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== 'v1') throw new Error('not a sealed value');
    const [, id, iv, tag, data] = parts as [string, string, string, string, string];
    return { id, iv, tag, data };
  };

  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', currentId, iv, tag, data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const { id, iv, tag, data } = parse(sealed);
      const key = keys.get(id);
      if (!key) throw new Error('sealed under a secret that is not configured');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    needsReseal(sealed) {
      return parse(sealed).id !== currentId;
    },
  };
}
