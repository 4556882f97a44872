import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache.js';

describe('count cache', () => {
  it('reuses a total for ttlMs, shares concurrent counts, then counts again', async () => {
    let t = 0;
    let counted = 0;
    const cache = createCountCache({ ttlMs: 1000, max: 10, now: () => t });
    const count = async () => {
      counted += 1;
      return counted * 10;
    };
    expect(await Promise.all([cache.get('a', count), cache.get('a', count)])).toEqual([10, 10]);
    t = 999;
    expect(await cache.get('a', count)).toBe(10);
    expect(await cache.get('b', count)).toBe(20);
    t = 1000;
    expect(await cache.get('a', count)).toBe(30);
    expect(counted).toBe(3);
  });

  it('forgets a failed count and the oldest entry past max', async () => {
    const cache = createCountCache({ ttlMs: 1000, max: 2, now: () => 0 });
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 1)).toBe(1);
    await cache.get('y', async () => 2);
    await cache.get('z', async () => 3);
    expect(await cache.get('x', async () => 4)).toBe(4);
  });
});
