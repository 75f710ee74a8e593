import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/vitest-sequencer';

// One runner for the whole repository. `npm test` runs every project; `npm run test:e2e`
// only the browser suite. Two cores on CI: keep worker counts small.
/**
 * The two exhaustive walks: every route with the hostile corpus, every crash point of
 * checkout. A third of the server suite's time; CI's second runtime pass leaves them out
 * (TEST_SKIP_EXHAUSTIVE=1) since they repeat code paths the rest of the suite covers.
 */
const EXHAUSTIVE = [
  'packages/server/test/hostile-input.test.ts',
  'packages/server/test/checkout/crash-points.test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/template/**/*.test.ts',
            'packages/commerce/**/*.test.ts',
            'packages/api/**/*.test.ts',
            'packages/storefront/**/*.test.{ts,tsx}',
            'packages/blocks/**/*.test.ts',
            'packages/studio/**/*.test.{ts,tsx}',
          ],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...(process.env.TEST_SKIP_EXHAUSTIVE ? EXHAUSTIVE : [])],
          globalSetup: ['packages/server/test/global-setup.ts'],
          // Share one database per worker across files (PGlite costs seconds to open).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Fresh storefront and studio bundles for every run (e2e/global-setup.ts).
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser answers in its own time: polls wait as long as a locator would wait for
          // its element on a busy machine, not vitest's default second.
          expect: { poll: { timeout: 10_000 } },
          // Browser files share the two workers with the unit and server files instead of
          // waiting for all of them: each starts its own server (own port, own data) and
          // Chromium, so two may run at once.
        },
      },
    ],
  },
});
