import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The studio is served by the server under /config (spec §2); its hashed files under
// /config/assets/. The page editor is a lazy chunk so the sign-in page and the shell load
// without the template engine.
export default defineConfig(({ command }) => ({
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  base: '/config/',
  plugins: [react()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
  },
}));
