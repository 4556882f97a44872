import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizePath } from '@fieldbot/shared';
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

/**
 * The `<link>` tags that let the browser fetch a page's chunks, stylesheets and (for a browser
 * that has a session, and with no query string that would change them) its first API reads in
 * parallel with the entry script, instead of discovering each only after the previous one ran.
 * Empty for a page the table does not name.
 */
export function pagePreloadLinks(
  pages: PagePreloads,
  url: string,
  { loggedIn }: { loggedIn: boolean },
): string {
  const [pathname = '/', query] = url.split('?', 2);
  for (const page of pages) {
    const params = matchParams(page.pattern, pathname);
    if (!params) continue;
    const links = [
      ...page.styles.map(
        (href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`,
      ),
      ...page.scripts.map(
        (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
      ),
    ];
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
    return links.join('');
  }
  return '';
}
