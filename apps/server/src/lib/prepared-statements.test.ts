import { describe, expect, it } from 'vitest';
import { statementName } from './prepared-statements';

describe('statementName', () => {
  it('keeps a short name as it is', () => {
    expect(statementName('transcript_segments')).toBe('fieldbot_transcript_segments');
  });

  it('keeps two long names that differ only past the 63rd byte apart, within 63 bytes', () => {
    const shape = 'marketplace_page_popular_desc_trigger_publisher_subscribed_';
    const a = statementName(`${shape}true_`);
    const b = statementName(`${shape}false_`);
    expect(`fieldbot_${shape}true_`.slice(0, 63)).toBe(`fieldbot_${shape}false_`.slice(0, 63));
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(63);
    expect(b.length).toBeLessThanOrEqual(63);
    expect(a.startsWith('fieldbot_marketplace_page_popular_desc')).toBe(true);
    expect(statementName(`${shape}true_`)).toBe(a);
  });
});
