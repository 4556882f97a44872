import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompress()],
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
    rolldownOptions: {
      output: {
        // Libraries every page (the login page first) runs, in one chunk that stays cached across
        // app releases: only the parts the entry imports ($initial), so classic zod, which later
        // pages use, stays in their chunks. The rest of what the entry statically imports (the
        // login page, the route guard and their Mantine components) joins the entry chunk instead
        // of ~30 small shared chunks, which compress worse apart (login page JS −11 KB gzip).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'initial', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
