import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
// Relative: the config is bundled, and the package's entry is TypeScript that Node cannot load.
import { isLoginPagePath } from '../../packages/shared/src/routing/paths';
import type { Plugin } from 'vite';
import routePreloadTable from './src/app/route-preloads.json' with { type: 'json' };

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every text asset of the build at maximum compression, once, so
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per
 * request. Files under 1 KB are left alone: the headers would outweigh the gain.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fieldbot-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const SHELL_MODULE = fileURLToPath(
  new URL('./src/components/layout/app-layout.tsx', import.meta.url),
);
const LOGIN_ENTRY_MODULE = fileURLToPath(new URL('./src/login-main.tsx', import.meta.url));
const WEB_SRC = fileURLToPath(new URL('./src/', import.meta.url));
const SHARED_SRC = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));
const closures = new WeakMap<object, Map<string, Set<string>>>();

/**
 * Every module `start` imports statically, itself included, following only imports that `keep`
 * accepts (memoised per chunking pass).
 */
function staticClosure(
  ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null },
  start: string,
  keep: (id: string) => boolean = () => true,
): Set<string> {
  let byStart = closures.get(ctx);
  if (!byStart) closures.set(ctx, (byStart = new Map()));
  let set = byStart.get(start);
  if (!set) {
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id) || !keep(id)) return;
      found.add(id);
      ctx.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(start);
    set = found;
    byStart.set(start, set);
  }
  return set;
}

interface BundleChunk {
  type: 'chunk';
  name: string;
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The JS chunks of a bundle (its other entries are assets). */
function bundleChunks(bundle: Record<string, { type: string }>): BundleChunk[] {
  return Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as BundleChunk[];
}

/**
 * Fails the build when chunks import each other in a cycle, naming them. Chunks in a cycle run in
 * an order their modules did not ask for: a schema built before what it imports broke two public
 * pages at start-up once (ADR 020).
 */
function noChunkImportCycles(): Plugin {
  return {
    name: 'fieldbot-no-chunk-import-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = bundleChunks(bundle);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const done = new Set<BundleChunk>();
      const chain: BundleChunk[] = [];
      const cycleFrom = (c: BundleChunk): string[] | undefined => {
        const at = chain.indexOf(c);
        if (at >= 0) return [...chain.slice(at), c].map((x) => x.fileName);
        if (done.has(c)) return undefined;
        chain.push(c);
        for (const f of c.imports) {
          const found = cycleFrom(byFile.get(f)!);
          if (found) return found;
        }
        chain.pop();
        done.add(c);
        return undefined;
      };
      for (const c of chunks) {
        const cycle = cycleFrom(c);
        if (cycle) throw new Error(`chunks import each other in a cycle: ${cycle.join(' → ')}`);
      }
    },
  };
}

/**
 * Writes dist/route-preloads.json (ADR 013): for each page of src/app/route-preloads.json, the chunks
 * its modules need (their static imports, minus what index.html loads already) and their
 * stylesheets, with the page's first API reads. The server adds them to the HTML of that page.
 * In the table, `pattern` is a spec §2 route (`:param` = one segment), `modules` the source files
 * the page renders with, and `reads` the exact URLs of the page's first API GETs when its address
 * has no query string (`:param` takes the path's segment; src/app/route-preloads.test.ts checks
 * them against the fetchers). A module that is in no chunk fails the build, so the table cannot
 * silently go stale. A page with a `bootShell` gets that outline's HTML (ADR 021).
 */
function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'fieldbot-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const chunks = bundleChunks(bundle);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: BundleChunk[]) => {
        const seen = new Set<BundleChunk>();
        const visit = (c: BundleChunk) => {
          if (seen.has(c)) return;
          seen.add(c);
          for (const f of c.imports) visit(byFile.get(f)!);
        };
        start.forEach(visit);
        return seen;
      };
      // What index.html loads (the login page's entry is another document).
      const initial = closure(chunks.filter((c) => c.isEntry && c.name === 'index'));
      const bootShellOf = (page: (typeof routePreloadTable.pages)[number]) =>
        'bootShell' in page ? page.bootShell : undefined;
      const bootShells = await renderBootShells(root, [
        ...new Set(routePreloadTable.pages.map(bootShellOf).filter((name) => name !== undefined)),
      ]);
      const pages = routePreloadTable.pages.map((page) => {
        const { pattern, modules, reads } = page;
        const bootShell = bootShellOf(page);
        const owners = modules.map((m) => {
          const id = path.resolve(root, m);
          const owner = chunks.find((c) => c.moduleIds.includes(id));
          if (!owner) throw new Error(`route-preloads: ${m} (${pattern}) is in no chunk`);
          return owner;
        });
        const needed = [...closure(owners)].filter((c) => !initial.has(c));
        return {
          pattern,
          scripts: needed.map((c) => `/${c.fileName}`),
          styles: [...new Set(needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].map(
            (f) => `/${f}`,
          ),
          reads,
          ...(bootShell ? { bootShell: bootShells.get(bootShell)! } : {}),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify({ pages }, null, 2)}\n`,
      });
    },
  };
}

/**
 * Renders the boot shells (src/app/boot-shell, ADR 021) with React on Node, through a Vite server
 * that loads our TypeScript, aliases and style imports the way the app's build does.
 */
async function renderBootShells(root: string, names: string[]): Promise<Map<string, string>> {
  const { createServer } = await import('vite');
  const server = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule('/src/app/boot-shell/render-boot-shell.tsx')) as {
      renderBootShell(name: string): string;
    };
    return new Map(names.map((name) => [name, module.renderBootShell(name)]));
  } finally {
    await server.close();
  }
}

/**
 * The dev server's stand-in for the server's choice of HTML (serve-web-app.ts): /login and
 * /login/{token} get login.html, everything else falls back to index.html as before.
 */
function loginEntryInDev(): Plugin {
  return {
    name: 'fieldbot-login-entry-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname = '/', query] = (req.url ?? '/').split('?', 2);
        if (isLoginPagePath(pathname)) req.url = `/login.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), noChunkImportCycles(), routePreloads(), loginEntryInDev()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // 'hidden': maps are written for error tracking but not referenced by the bundles, and the
    // server does not serve *.map files.
    sourcemap: 'hidden',
    // Every browser the app supports knows modulepreload; the polyfill would be one more module
    // both HTML entries share.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two documents: the app, and the login page without the router and the query client.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
      output: {
        // Libraries both documents run first, in chunks that stay cached across app releases:
        // only the parts the entries import ($initial), so classic zod, which later pages use,
        // stays in their chunks. React (and zod mini) serve both; the router and the query client
        // only the app. The rest of what an entry statically imports (route guard, Mantine
        // components) joins one chunk per set of entries using it instead of ~30 small shared
        // chunks, which compress worse apart (login page JS −11 KB gzip).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|zod)[\\/]/,
              tags: ['$initial'],
            },
            {
              name: 'framework',
              test: /node_modules[\\/](react-router|@tanstack)[\\/]/,
              tags: ['$initial'],
            },
            // What the login page runs beyond those libraries, in one chunk; the app's entry loads
            // it too (Mantine core, the theme, the HTTP client: most of it is shared).
            // Our modules the login page runs (found through our own files only: a package's index
            // re-exports everything, used or not), in one chunk; the app's entry loads it too.
            {
              debugName: 'login-initial',
              // (The entry module itself stays in its entry: the app's document loads this chunk
              // and must not mount the login page.)
              name: (id, ctx) =>
                id !== LOGIN_ENTRY_MODULE &&
                staticClosure(ctx, LOGIN_ENTRY_MODULE, (m) => m.startsWith(WEB_SRC)).has(id)
                  ? 'login-initial'
                  : null,
              includeDependenciesRecursively: false,
            },
            // Packages and shared rules either entry runs first (Mantine core, the theme's and
            // forms' helpers): one chunk, no router in it.
            {
              name: 'vendor-initial',
              // ('\0' ids are Vite's helpers, such as the dynamic-import preloader.)
              test: (id) =>
                id.includes('/node_modules/') || id.startsWith(SHARED_SRC) || id.startsWith('\0'),
              tags: ['$initial'],
              includeDependenciesRecursively: false,
            },
            // The rest of what the app's entry runs first (router, route guard) joins one chunk
            // instead of ~30 small shared ones. Our sources only: the HTML entries stay apart.
            {
              name: 'initial',
              test: (id) => id.startsWith(WEB_SRC) && id !== LOGIN_ENTRY_MODULE,
              tags: ['$initial'],
            },
            {
              // Recharts, what it pulls in and our chart wrappers: both dashboards share the chunk
              // (left to pages-common it merged into a chunk the signup page loads too).
              name: 'charts',
              test: /node_modules[\\/](recharts|@mantine[\\/]charts|d3-[a-z-]+|victory-vendor|@reduxjs|immer|redux|react-redux|reselect|decimal\.js-light|es-toolkit|eventemitter3|internmap)[\\/]|src[\\/]components[\\/]charts[\\/]/,
              // Only what matches: the wrappers' Mantine and shared imports stay where other pages
              // find them, so no page but a dashboard imports this chunk.
              includeDependenciesRecursively: false,
            },
            // The shared contract the entries do not run first (schemas, rules) with classic zod,
            // which it alone pulls in: one chunk that imports only the libraries above, so no
            // pages' chunk and the contract can import each other in a cycle (a cycle evaluated
            // schemas before their imports and broke two public pages, ADR 020).
            {
              name: 'contract',
              test: (id) => id.startsWith(SHARED_SRC),
            },
            // The logged-in shell and our modules it imports, in one chunk instead of ~20 small
            // shared ones: over HTTP/1.1 a browser opens 6 connections, and each extra request
            // costs a round trip before the first logged-in page can paint (ADR 013). Found
            // through our own files only: through Mantine's index, which re-exports everything,
            // the group took every Mantine component any page uses (ADR 020).
            {
              debugName: 'app-shell',
              name: (id, ctx) =>
                staticClosure(ctx, SHELL_MODULE, (m) => m.startsWith(WEB_SRC)).has(id)
                  ? 'app-shell'
                  : null,
            },
            // Mantine's internal input parts (InlineInput, InputsGroupFieldset) that checkboxes,
            // radios, switches and pills all build on: merged into whichever page chunk shares
            // them, one such chunk imported another's inputs while the other imported its
            // utilities back (a chunk cycle). Apart, they only import libraries.
            {
              name: 'mantine-inputs',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]utils[\\/](InlineInput|InputsGroupFieldset)[\\/]/,
            },
            // The photo and logo fields with the helpers only they share: left to pages-common,
            // the logo field and the photo field fell into two chunks, each importing the other
            // (logo field → photo field → upload helpers), whenever a new page shifted the merge.
            {
              name: 'upload-fields',
              test: /src[\\/](components[\\/]forms[\\/](image|logo)-upload-field\.tsx|lib[\\/]upload\.ts)$|node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]FileButton[\\/]/,
              includeDependenciesRecursively: false,
            },
            // Code that several pages share (tables, badges, zod, search), merged by the set of
            // pages using it, with small sets folded into a neighbour.
            {
              name: 'pages-common',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 24 * 1024,
            },
          ],
        },
      },
    },
  },
  // Which files run, and with what isolation, is the root vitest.config.ts's 'web' projects.
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Vitest's default leaves one core idle (cores − 1 workers): on a 2-core runner that halves speed.
    maxWorkers: 2,
  },
});
