import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { analytics } from '@/lib/analytics';
import { hasShownToast } from '@/lib/notify';
import { afterEach, vi } from 'vitest';

// Lazily loaded pages (and the icon package's thousands of modules) load on first use; on a busy
// two-core machine a cold load takes seconds.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

// jsdom lacks these; Mantine (color scheme, ScrollArea, Popover) needs them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: vi.fn() });
Element.prototype.scrollIntoView = vi.fn();

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(async () => {
  cleanup();
  // Files share their worker's modules: events one test tracked must not be sent during the next.
  analytics.discardPending();
  // The toast store outlives the rendered tree: toasts left from one test would fill the visible
  // slots and hold the next test's toast in the queue until their 4 s auto-close. (Imported only
  // where a toast was shown: loading it in every file costs more than the tests it speeds up.)
  if (hasShownToast()) (await import('@mantine/notifications')).notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
