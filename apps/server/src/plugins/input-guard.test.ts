import { describe, expect, it } from 'vitest';
import { findUnstorable } from './input-guard.js';

describe('findUnstorable', () => {
  it('finds NUL characters in nested strings and keys', () => {
    expect(findUnstorable({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toEqual(['b', 'c', '1']);
    expect(findUnstorable({ ['k\u0000']: 1 })).toEqual(['k']);
    expect(findUnstorable('\u0000')).toEqual([]);
  });
  it('finds lone surrogates but passes proper pairs and SQL-looking text', () => {
    expect(findUnstorable({ s: 'a\ud800b' })).toEqual(['s']);
    expect(findUnstorable({ s: 'a\udc00' })).toEqual(['s']);
    expect(findUnstorable({ name: "Robert'); DROP TABLE users;--", e: '😀 ünï' })).toBeNull();
    expect(findUnstorable(undefined)).toBeNull();
  });
});
