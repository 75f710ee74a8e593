import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/**
 * The entry must stand alone: when Rolldown splits modules the entry already holds into
 * small shared files (it did once for the API client, transport and constants after a lazy
 * chunk imported the trackers directly), every page pays extra requests and gzip overhead.
 * Fail the build instead of shipping that quietly.
 */
function entryStandsAlone(): Plugin {
  return {
    name: 'store:entry-stands-alone',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry || file.imports.length === 0) continue;
        this.error(
          `entry ${file.fileName} statically imports ${file.imports.join(', ')}: import the entry's modules from lazy chunks through the same paths the entry uses (e.g. tracking-bridge)`,
        );
      }
    },
  };
}

/**
 * Vite wraps every dynamic import in a helper that preloads the chunk's CSS and imports.
 * This runtime builds no CSS and the server writes the modulepreload tags itself, so the
 * helper (about 0.5 KB gzipped in the entry) would only ever call the import. The calls go
 * too (`__vitePreload(f, marker)` becomes `(f)()`), about 17 in the entry alone.
 */
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'store:plain-dynamic-imports',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      return id === helper ? 'export const __vitePreload = (load) => load();' : null;
    },
    renderChunk(code, chunk) {
      const marker = ', __VITE_PRELOAD__)';
      const calls = code.split('__vitePreload(').length - 1;
      const markers = code.split(marker).length - 1;
      if (markers === 0) return null;
      if (calls - markers > 1) this.error(`${chunk.fileName}: unexpected __vitePreload calls`);
      // The helper's own declaration (`var __vitePreload = (load) => load();`) has no "(" after
      // its name, so every match is a call.
      return { code: code.replaceAll('__vitePreload(', '(').replaceAll(marker, ')()'), map: null };
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
// The form messages in @store/commerce belong to the form islands, not to every product page.
const SHOP =
  /packages[\\/]commerce[\\/](?!src[\\/]forms[\\/])|src[\\/](product-model|components[\\/](add-to-cart-button|lazy))\.tsx?$/;
// Rules used only after a click or a choice (the add validation, a failed add's wording, a
// subscription's price wording, and those areas' messages) and rules no product page uses (the cart page's, the quick
// view's, the cart, checkout, restock and reviews islands' words, the address dataset and the
// e-mail rule of the checkout, account and sign-up forms) stay out of the group:
// Rolldown puts them in the lazy chunks that use them, so a product page does not download them.
const NOT_SHOP =
  /packages[\\/]commerce[\\/]src[\\/](messages[\\/](add-to-cart|cart|subscriptions)|add-to-cart[\\/](validate-add-to-cart|parse-quantity|missing-options-message|quantity-in-cart|has-stock-for|decimal-quantity-text|add-failure)|product[\\/]is-on-sale|subscriptions[\\/]subscription-price-text|instalments[\\/]cart-instalment-eligible|island-words|address[\\/](index|countries)|email[\\/]index)\.ts$/;

/**
 * React's packages pick their build in an index file (`module.exports = require(...)`),
 * which hides from the bundler which exports are used. Pointing the imports straight at
 * the production CommonJS files lets it drop the unused ones (about 0.2 KB gzipped).
 */
function reactProductionFiles() {
  const require = createRequire(import.meta.url);
  const dir = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));
  const file = (pkg: string, name: string) => join(dir(pkg), 'cjs', `${name}.production.js`);
  return [
    { find: /^react$/, replacement: file('react', 'react') },
    { find: /^react\/jsx-runtime$/, replacement: file('react', 'react-jsx-runtime') },
    { find: /^react-dom$/, replacement: file('react-dom', 'react-dom') },
    { find: /^react-dom\/client$/, replacement: file('react-dom', 'react-dom-client') },
    { find: /^scheduler$/, replacement: file('scheduler', 'scheduler') },
  ];
}

export default defineConfig(({ command }) => ({
  // Always ship React's production build, even when the build runs under a test runner
  // that sets NODE_ENV=test (the dev build is twice the size and slower).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  base: '/assets/runtime/',
  resolve: command === 'build' ? { alias: reactProductionFiles() } : {},
  plugins: [react(), plainDynamicImports(), entryStandsAlone(), precompress()],
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
            {
              name: 'shop',
              test: (id: string) => SHOP.test(id) && !NOT_SHOP.test(id),
              priority: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
