import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BOOT_SHELL_ID, normalizePath } from '@fieldbot/shared';
import { z } from 'zod';
import { escapeHtml } from '../lib/html.js';

/** dist/route-preloads.json, as the web build writes it (apps/web/vite.config.ts, ADR 013). */
const pagePreloadsSchema = z.object({
  pages: z.array(
    z.object({
      pattern: z.string(),
      scripts: z.array(z.string()),
      styles: z.array(z.string()),
      reads: z.array(z.string()),
      /** The page's outline as HTML, drawn at build time (ADR 021). */
      bootShell: z.string().optional(),
    }),
  ),
});

export type PagePreloads = z.infer<typeof pagePreloadsSchema>['pages'];

/** The build's page table, or none (an older build, or no web build at all). */
export function loadPagePreloads(webDist: string): PagePreloads {
  const file = path.join(webDist, 'route-preloads.json');
  if (!existsSync(file)) return [];
  return pagePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).pages;
}

/** Ids and types in a page's path; anything else gets no API preload (the page shows not-found). */
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/** The `:param` segments of `pathname` when it matches `pattern` (spec §2 syntax), else null. */
export function matchParams(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = normalizePath(pathname).split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, w] of want.entries()) {
    const h = have[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = h;
    else if (w !== h) return null;
  }
  return params;
}

/** A read template with its `:param`s filled in, or null when a value is not a plain id. */
function fillRead(template: string, params: Record<string, string>): string | null {
  let safe = true;
  const url = template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || !SAFE_SEGMENT.test(value)) safe = false;
    return value ?? '';
  });
  return safe ? url : null;
}

type Page = PagePreloads[number];

/** The table's page for `url` and the values of its `:param`s, or null. */
function matchPage(
  pages: PagePreloads,
  url: string,
): { page: Page; params: Record<string, string>; query: string | undefined } | null {
  const [pathname = '/', query] = url.split('?', 2);
  for (const page of pages) {
    const params = matchParams(page.pattern, pathname);
    if (params) return { page, params, query };
  }
  return null;
}

/** What the server adds to index.html for a page of the table. */
export interface PageDocumentParts {
  /** `<link>` tags for the end of `<head>`: stylesheets and API reads. */
  links: string;
  /** The page's script preloads (`<link rel="modulepreload">`). */
  scriptLinks: string;
  /** The page's outline to put before `#root` (ADR 021), or ''. */
  bootShell: string;
}

/**
 * For a page the table names (null for any other): the `<link>` tags that let the browser fetch
 * its chunks, stylesheets and (for a browser that has a session, and with no query string that
 * would change them) its first API reads in parallel with the entry script, instead of
 * discovering each only after the previous one ran; and, for a browser with a session, the page's
 * outline to show until the app has drawn it (ADR 021). Without a session there is no outline:
 * the visitor is on the way to the login page. With one, the stylesheets are applied at once (the
 * outline is drawn with them) and the scripts wait for that first paint (deferred-scripts.ts).
 * `inert` keeps the outline's copies of controls out of reach of the keyboard, `aria-hidden` out
 * of the accessibility tree (the app's page is the one that counts, also for tests that look by
 * role).
 */
export function pageDocumentParts(
  pages: PagePreloads,
  url: string,
  { loggedIn }: { loggedIn: boolean },
): PageDocumentParts | null {
  const match = matchPage(pages, url);
  if (!match) return null;
  const { page, params, query } = match;
  const outline = loggedIn ? page.bootShell : undefined;
  const styleRel = outline ? 'stylesheet' : 'preload" as="style';
  const links = page.styles.map(
    (href) => `<link rel="${styleRel}" crossorigin href="${escapeHtml(href)}">`,
  );
  const scriptLinks = page.scripts.map(
    (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
  );
  if (loggedIn && !query) {
    for (const template of page.reads) {
      const read = fillRead(template, params);
      // The same request mode as the app's fetch (credentials included), so the browser
      // hands the preloaded response to it.
      if (read) {
        links.push(
          `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(read)}">`,
        );
      }
    }
  }
  return {
    links: links.join(''),
    scriptLinks: scriptLinks.join(''),
    bootShell: outline
      ? `<div id="${BOOT_SHELL_ID}" inert aria-hidden="true">${outline}</div>`
      : '',
  };
}
