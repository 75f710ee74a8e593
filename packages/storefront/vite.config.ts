import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

/**
 * Write `.gz` (level 9) and `.br` (quality 11) beside every chunk: the server sends them
 * as is (@fastify/static preCompressed), so assets ship compressed without compressing
 * per request.
 */
function precompress(): Plugin {
  return {
    name: 'store:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !options.dir) continue;
        const target = join(options.dir, file.fileName);
        const body = Buffer.from(file.code);
        writeFileSync(`${target}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${target}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// The runtime is one small entry (src/main.ts, with the trackers) plus lazy chunks, so a page
// downloads only the islands its markup asks for. The manifest lets the server inject the
// hashed entry and preload the island chunks a page uses. Shared code is grouped so a
// product page loads five files: entry, React, the shop rules, the island, (and the cart
// islands once there is a cart). Groups do not pull in their dependencies, so the entry
// never imports React: a page without islands and without a cart loads no React at all.
const REACT =
  /rolldown[\\/]runtime|node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/](use-cart|islands[\\/]mount-into)\.tsx?$/;
const SHOP =
  /packages[\\/]commerce[\\/]|src[\\/](product-model|components[\\/](add-to-cart-button|lazy))\.tsx?$/;

export default defineConfig(({ command }) => ({
  // Always ship React's production build, even when the build runs under a test runner
  // that sets NODE_ENV=test (the dev build is twice the size and slower).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  base: '/assets/runtime/',
  plugins: [react(), precompress()],
  build: {
    manifest: true,
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // The server writes modulepreload tags for the islands a page uses; no CSS is built here.
    modulePreload: false,
    cssCodeSplit: false,
    rollupOptions: {
      input: 'src/main.ts',
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 3, includeDependenciesRecursively: false },
            { name: 'shop', test: SHOP, priority: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
