import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface AssetSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface PageAssets {
  js: AssetSize[];
  css: AssetSize[];
  /** How the file list was found. */
  source: string;
}

function sizeOf(webDist: string, urlPath: string): AssetSize | null {
  const file = path.join(webDist, decodeURIComponent(urlPath.replace(/^\//, '').split(/[?#]/)[0]!));
  if (!file.startsWith(webDist) || !existsSync(file)) return null;
  const body = readFileSync(file);
  return {
    file: path.relative(webDist, file),
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  };
}

/**
 * Sizes of the JS and CSS files a page loaded, read from apps/web/dist and gzipped at level 9
 * (what a precompressed .gz holds), whatever the test server's own compression.
 */
export function assetSizes(webDist: string, urlPaths: string[], source: string): PageAssets {
  const unique = [...new Set(urlPaths)];
  const sized = (ext: string) =>
    unique
      .filter((u) => u.split(/[?#]/)[0]!.endsWith(ext))
      .map((u) => sizeOf(webDist, u))
      .filter((s): s is AssetSize => s !== null);
  return { js: sized('.js'), css: sized('.css'), source };
}

/**
 * What one of the build's HTML documents alone pulls in (scripts, modulepreload links,
 * stylesheets): login.html is the fallback when no browser run says what the login page loaded.
 */
export function htmlAssets(webDist: string, file: 'index.html' | 'login.html'): PageAssets {
  const html = readFileSync(path.join(webDist, file), 'utf8');
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const ref = /(?:src|href)=["']([^"']+)["']/.exec(tag)?.[1];
    if (!ref || /^https?:\/\//.test(ref)) continue;
    if (/^<script/.test(tag) || /rel=["'](modulepreload|stylesheet)["']/.test(tag)) urls.push(ref);
  }
  return assetSizes(webDist, urls, `${file} scripts, modulepreload and stylesheet links`);
}

export const totalGzip = (sizes: AssetSize[]) => sizes.reduce((sum, s) => sum + s.gzip, 0);
