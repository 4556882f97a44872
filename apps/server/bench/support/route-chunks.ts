import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { assetSizes, type AssetSize } from './bundle-size';

/** One chunk of Vite's build manifest (.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Builds apps/web into `outDir` with a manifest (the production build has none). */
export function buildWebWithManifest(webRoot: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: webRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

export const readManifest = (outDir: string): Manifest =>
  JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** The manifest keys of `start` and everything they import statically. */
function staticClosure(manifest: Manifest, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  start.forEach(visit);
  return seen;
}

export interface RouteJs {
  /** Chunks of the route beyond what index.html (the login page) loads, gzip -9. */
  chunks: AssetSize[];
  /** Source folders whose dynamic imports were followed (lazy parts of the page itself). */
  lazyFrom: string[];
}

/**
 * The JS a logged-in route loads beyond the app's entry, from the manifest: the static closure of
 * the route's page chunks (dynamic entries whose source is under one of `pageDirs`) and of the
 * logged-in shell chunk (`app-shell`, the vite config's group for app-layout and its imports),
 * plus what those page chunks import lazily from `pageDirs` (e.g. a chart library loaded by the
 * page), minus the static closure of index.html, which every page of the app loads first (the
 * login page has a document of its own, ADR 020).
 */
export function routeJsBeyondEntry(outDir: string, pageDirs: string[]): RouteJs {
  const manifest = readManifest(outDir);
  const entry = staticClosure(manifest, ['index.html']);
  const underPage = (key: string) => pageDirs.some((dir) => key.startsWith(dir));
  const pages = Object.keys(manifest).filter((k) => underPage(k) && manifest[k]!.isDynamicEntry);
  if (pages.length === 0) return { chunks: [], lazyFrom: pageDirs };
  const shell = Object.keys(manifest).filter((k) => manifest[k]!.name === 'app-shell');
  let keys = staticClosure(manifest, [...pages, ...shell]);
  // Lazy imports made by the page's own modules load with the page too.
  for (let grew = true; grew;) {
    const lazy = [...keys]
      .filter((k) => underPage(manifest[k]!.src ?? k))
      .flatMap((k) => manifest[k]!.dynamicImports ?? [])
      .filter((k) => !keys.has(k));
    grew = lazy.length > 0;
    keys = staticClosure(manifest, [...keys, ...lazy]);
  }
  const files = [...keys].filter((k) => !entry.has(k)).map((k) => `/${manifest[k]!.file}`);
  return { chunks: assetSizes(outDir, files, 'vite manifest').js, lazyFrom: pageDirs };
}
