import { describe, expect, it } from 'vitest';
import * as pagePaths from './page-paths';
import { KNOWN_ROUTES, matchPattern } from './paths';

const ID = '00000000-0000-4000-8000-000000000001';

/** Every path the builders make, with sample ids. */
function builtPaths(): string[] {
  return Object.entries(pagePaths).flatMap(([name, value]) => {
    if (typeof value === 'string') return [value];
    if (typeof value !== 'function') return [];
    if (name === 'customerInteractionPath') {
      return [pagePaths.customerInteractionPath(ID, { id: ID, type: 'field-recording' })];
    }
    if (name === 'interactionAtPath') {
      return [pagePaths.interactionAtPath(ID, { id: ID, type: 'csr-call' }, 12.7)];
    }
    if (name === 'clientDetailPath')
      return pagePaths.CLIENT_TABS.map((tab) => pagePaths.clientDetailPath(ID, tab));
    return [(value as (id: string) => string)(ID)];
  });
}

describe('page paths', () => {
  it('open an interaction at the tenth of a second a line starts, never before it', () => {
    expect(pagePaths.interactionAtPath(ID, { id: ID, type: 'csr-call' }, 12.74)).toBe(
      `/customers/${ID}/interaction/${ID}/csr-call?t=12.8`,
    );
    expect(pagePaths.interactionAtPath(ID, { id: ID, type: 'csr-call' }, 20)).toMatch(/\?t=20$/);
    expect(pagePaths.interactionAtPath(ID, { id: ID, type: 'csr-call' }, -3)).toMatch(/\?t=0$/);
  });

  it('each lead to a known route, never to the not-found page', () => {
    const paths = builtPaths();
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      expect(
        KNOWN_ROUTES.some((pattern) => matchPattern(pattern, path)),
        path,
      ).toBe(true);
    }
  });
});
