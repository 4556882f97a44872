import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its own heading (lazy chunk, header title) before we stop waiting. */
const HEADING_WAIT_MS = 1000;

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('h1') ?? document.getElementById('main-content');
}

/**
 * After an in-app navigation, focus moves to the new page's main heading, so keyboard
 * and screen-reader users start on the page they opened rather than on the link they used. The
 * previous page's heading stays in the header until the new page sets its own, so this waits for
 * the heading to change (or HEADING_WAIT_MS, for pages that share one). Not on the first load, not
 * for query-string changes (filters, paging), and never away from a control inside the page, such
 * as a form's autofocused field.
 */
export function useFocusHeadingOnRouteChange(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === null || from === pathname) return;

    const staleText = document.querySelector('h1')?.textContent ?? null;
    const focusHeading = () => {
      stop();
      const active = document.activeElement;
      const main = document.getElementById('main-content');
      if (active && active !== main && main?.contains(active)) return;
      const heading = mainHeading();
      if (!heading) return;
      if (heading.tabIndex < 0 && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(() => {
      const text = document.querySelector('h1')?.textContent ?? null;
      if (text && text !== staleText) focusHeading();
    });
    const timer = window.setTimeout(focusHeading, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return stop;
  }, [pathname]);
}
