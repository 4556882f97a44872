import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAVICONS, watchFavicon } from './favicon';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('watchFavicon', () => {
  it('follows the system colour scheme, live', () => {
    let listener: (() => void) | undefined;
    const media = {
      matches: true,
      addEventListener: (_: string, fn: () => void) => {
        listener = fn;
      },
      removeEventListener: vi.fn(),
    };
    vi.mocked(window.matchMedia).mockReturnValueOnce(media as unknown as MediaQueryList);

    const stop = watchFavicon();
    const link = document.querySelector<HTMLLinkElement>('link#favicon');
    expect(link?.getAttribute('href')).toBe(FAVICONS.dark);

    media.matches = false;
    listener?.();
    expect(link?.getAttribute('href')).toBe(FAVICONS.light);

    stop();
    expect(media.removeEventListener).toHaveBeenCalledWith('change', listener);
  });
});
