import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

const SECRET = 'a'.repeat(40);
const NEXT = 'b'.repeat(40);

describe('secret box', () => {
  it('opens what it sealed, and never shows the plaintext in the envelope', () => {
    const box = createSecretBox({ secret: SECRET, purpose: 'crm-credentials' });
    const sealed = box.seal('{"secret":"hunter2-client-secret"}');
    expect(sealed).not.toContain('hunter2');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toBe('{"secret":"hunter2-client-secret"}');
    // A fresh IV each time: the same value seals differently.
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('refuses a tampered envelope', () => {
    const box = createSecretBox({ secret: SECRET, purpose: 'crm-credentials' });
    const parts = box.seal('value').split('.');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('not sealed')).toThrow('not a sealed value');
  });

  it('opens values of a previous secret after rotation and says they need re-sealing', () => {
    const old = createSecretBox({ secret: SECRET, purpose: 'crm-credentials' });
    const sealed = old.seal('value');
    const rotated = createSecretBox({
      secret: NEXT,
      previousSecrets: [SECRET],
      purpose: 'crm-credentials',
    });
    expect(rotated.open(sealed)).toBe('value');
    expect(rotated.needsReseal(sealed)).toBe(true);
    expect(rotated.needsReseal(rotated.seal('value'))).toBe(false);
    const forgotten = createSecretBox({ secret: NEXT, purpose: 'crm-credentials' });
    expect(() => forgotten.open(sealed)).toThrow('not configured');
  });

  it('keeps purposes apart under one secret', () => {
    const a = createSecretBox({ secret: SECRET, purpose: 'crm-credentials' });
    const b = createSecretBox({ secret: SECRET, purpose: 'crm-tokens' });
    expect(() => b.open(a.seal('value'))).toThrow();
  });
});
