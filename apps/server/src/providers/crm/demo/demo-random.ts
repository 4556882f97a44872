import { random } from '../../../lib/demo-random.js';

export type DemoRandom = ReturnType<typeof random>;

/**
 * A pseudo-random stream for one thing of the demo CRM (a tenant's customer 3 of a day, say).
 * Each thing hashes its own seed (FNV-1a of the parts), so any record can be generated alone, in
 * any order, without drawing the numbers of the records before it.
 */
export function seededRandom(...parts: (string | number)[]): DemoRandom {
  const text = parts.join('|');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return random(hash >>> 0);
}
