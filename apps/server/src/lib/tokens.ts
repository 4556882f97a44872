import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored hashed, so a database leak does not hand out working links or sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const hmacHex = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('hex');
