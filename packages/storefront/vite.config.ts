import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The runtime is one small entry (src/main.ts) plus a lazy chunk per island, so a page
// downloads only the islands its markup asks for. The manifest lets the server inject the
// hashed entry and preload the island chunks a page uses.
export default defineConfig(({ command }) => ({
  // Always ship React's production build, even when the build runs under a test runner
  // that sets NODE_ENV=test (the dev build is twice the size and slower).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  base: '/assets/runtime/',
  plugins: [react()],
  build: {
    manifest: true,
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rollupOptions: { input: 'src/main.ts' },
  },
}));
