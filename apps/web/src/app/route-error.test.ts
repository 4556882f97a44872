import { describe, expect, it } from 'vitest';
import { claimReload, RELOAD_WINDOW_MS } from './route-error';

describe('claimReload', () => {
  it('reloads once, then not again within the window, then again after it', () => {
    const t0 = 1_000_000;
    expect(claimReload(t0)).toBe(true);
    expect(claimReload(t0 + 1000)).toBe(false);
    expect(claimReload(t0 + RELOAD_WINDOW_MS + 1)).toBe(true);
  });
});
