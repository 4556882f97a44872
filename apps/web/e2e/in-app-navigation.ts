import { expect, type Page, type Request } from '@playwright/test';

/**
 * Requests a page has on the way, kept per page from the first call on. The notification stream
 * (an EventSource) stays open for the page's life and is not counted.
 */
const pending = new WeakMap<Page, Set<Request>>();

function pendingRequests(page: Page): Set<Request> {
  const known = pending.get(page);
  if (known) return known;
  const requests = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') requests.add(request);
  });
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  pending.set(page, requests);
  return requests;
}

/**
 * Waits until no request has been on the way for `quietMs`: what 'networkidle' means for the first
 * load of a document, for a navigation inside the app too ('networkidle' fires once per document).
 */
export async function networkQuiet(page: Page, quietMs = 400): Promise<void> {
  const requests = pendingRequests(page);
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (requests.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= quietMs;
      },
      { intervals: [50] },
    )
    .toBe(true);
}

/**
 * Opens `path` the way a link inside the app would (the History API, then the router's popstate),
 * once the app is loaded: re-loading and starting the app for every page audited was half of each
 * audit's time. The first page of a test is a real load.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  pendingRequests(page);
  if (page.url() === 'about:blank') {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await networkQuiet(page);
}
