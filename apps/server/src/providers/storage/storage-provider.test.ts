import { describe, expect, it } from 'vitest';
import { resolveByteRange } from './storage-provider.js';

describe('resolveByteRange', () => {
  it('keeps a range inside the object and clamps an end past the last byte', () => {
    expect(resolveByteRange({ start: 0, end: 99 }, 1000)).toEqual({ start: 0, end: 99 });
    expect(resolveByteRange({ start: 900, end: 5000 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveByteRange({ start: 999, end: 999 }, 1000)).toEqual({ start: 999, end: 999 });
  });

  it('reads an open range to the last byte', () => {
    expect(resolveByteRange({ start: 500 }, 1000)).toEqual({ start: 500, end: 999 });
  });

  it('reads a suffix as the last bytes, the whole object when longer than it', () => {
    expect(resolveByteRange({ suffix: 100 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveByteRange({ suffix: 5000 }, 1000)).toEqual({ start: 0, end: 999 });
  });

  it('is unsatisfiable past the end, for a zero suffix and for an empty object', () => {
    expect(resolveByteRange({ start: 1000 }, 1000)).toBeNull();
    expect(resolveByteRange({ start: 1000, end: 2000 }, 1000)).toBeNull();
    expect(resolveByteRange({ suffix: 0 }, 1000)).toBeNull();
    expect(resolveByteRange({ start: 0 }, 0)).toBeNull();
    expect(resolveByteRange({ suffix: 10 }, 0)).toBeNull();
  });
});
