import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadPagePreloads,
  matchParams,
  pageDocumentParts,
  type PagePreloads,
} from './page-preloads';

/** The `<link>` tags added for `url`, scripts last ('' for a page the table does not name). */
const pagePreloadLinks = (pages: PagePreloads, url: string, options: { loggedIn: boolean }) => {
  const parts = pageDocumentParts(pages, url, options);
  return parts ? parts.links + parts.scriptLinks : '';
};
const pageBootShell = (pages: PagePreloads, url: string, options: { loggedIn: boolean }) =>
  pageDocumentParts(pages, url, options)?.bootShell;

const PAGES: PagePreloads = [
  {
    pattern: '/customers',
    scripts: ['/assets/app-shell-1.js', '/assets/customers-page-2.js'],
    styles: ['/assets/app-shell-3.css'],
    reads: ['/api/company/customers?page=1&sort_by=name'],
  },
  {
    pattern: '/customers/:customerId/interaction/:interactionId/:interactionType',
    scripts: ['/assets/interaction-page-4.js'],
    styles: [],
    reads: ['/api/company/interaction/:interactionId/:interactionType'],
    bootShell: '<main>Interaction Detail</main>',
  },
];

describe('matchParams', () => {
  it('names the :param segments of a matching path, ignoring a trailing slash', () => {
    expect(matchParams('/customers/:customerId', '/customers/abc-1/')).toEqual({
      customerId: 'abc-1',
    });
    expect(matchParams('/customers', '/customers')).toEqual({});
  });

  it('is null for another path or another number of segments', () => {
    expect(matchParams('/customers/:customerId', '/customers')).toBeNull();
    expect(matchParams('/customers/:customerId', '/users/1')).toBeNull();
    expect(matchParams('/customers', '/customers/1/2')).toBeNull();
  });
});

describe("a page's preload links", () => {
  it("preloads a page's stylesheets and chunks, and its reads for a logged-in browser", () => {
    const html = pagePreloadLinks(PAGES, '/customers', { loggedIn: true });
    expect(html).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/app-shell-3.css">' +
        // & is escaped in the attribute; the browser reads the same URL.
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/company/customers?page=1&#38;sort_by=name">' +
        '<link rel="modulepreload" crossorigin href="/assets/app-shell-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/customers-page-2.js">',
    );
  });

  it('leaves the reads out without a session or when a query string changes them', () => {
    for (const [url, loggedIn] of [
      ['/customers', false],
      ['/customers?page=2', true],
    ] as const) {
      const html = pagePreloadLinks(PAGES, url, { loggedIn });
      expect(html).toContain('customers-page-2.js');
      expect(html).not.toContain('/api/');
    }
  });

  it("fills a read's :params from the path, and leaves out a read whose value is not a plain id", () => {
    const url = '/customers/c1/interaction/i-2/field-recording';
    expect(pagePreloadLinks(PAGES, url, { loggedIn: true })).toContain(
      'href="/api/company/interaction/i-2/field-recording"',
    );
    const odd = '/customers/c1/interaction/%22%3E%3Cscript%3E/field-recording';
    const html = pagePreloadLinks(PAGES, odd, { loggedIn: true });
    expect(html).toContain('interaction-page-4.js');
    expect(html).not.toContain('/api/');
  });

  it('is nothing for a page the table does not name', () => {
    expect(pageDocumentParts(PAGES, '/login', { loggedIn: false })).toBeNull();
  });
});

describe("a page's outline (ADR 021)", () => {
  const url = '/customers/c1/interaction/i-2/field-recording';

  it("wraps a page's outline, inert, for a browser with a session", () => {
    expect(pageBootShell(PAGES, url, { loggedIn: true })).toBe(
      '<div id="boot-shell" inert aria-hidden="true"><main>Interaction Detail</main></div>',
    );
  });

  it('is empty without a session, and for a page that has no outline', () => {
    expect(pageBootShell(PAGES, url, { loggedIn: false })).toBe('');
    expect(pageBootShell(PAGES, '/customers', { loggedIn: true })).toBe('');
    expect(pageBootShell(PAGES, '/login', { loggedIn: true })).toBeUndefined();
  });

  it("applies that page's stylesheets at once, its scripts apart (they wait for the paint)", () => {
    const parts = pageDocumentParts(PAGES, '/customers/c1/interaction/i-2/csr-call', {
      loggedIn: true,
    });
    expect(parts?.links).not.toContain('modulepreload');
    expect(parts?.scriptLinks).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/interaction-page-4.js">',
    );
  });
});

describe('loadPagePreloads', () => {
  it("reads the build's table, and is empty when the build wrote none", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fieldbot-preloads-'));
    try {
      expect(loadPagePreloads(dir)).toEqual([]);
      writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify({ pages: PAGES }));
      expect(loadPagePreloads(dir)).toEqual(PAGES);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
