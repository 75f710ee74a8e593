// `npm run build:bundles`: the storefront runtime (Vite) and the server as plain JavaScript
// (esbuild), so production runs `node` without TypeScript tooling. Third-party packages stay
// external (installed with `npm ci --omit=dev`); the workspace packages are bundled in.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { inputsFingerprint, root, serverEntries, serverOut, stampFile } from './build-paths.mjs';

const started = Date.now();
// Taken before building: an edit made while the build runs makes the next start build again.
const fingerprint = inputsFingerprint();
for (const pkg of ['packages/storefront', 'packages/studio'])
  execFileSync('npm', ['run', 'build', '-w', pkg, '--silent'], { cwd: root, stdio: 'inherit' });

const external = new Set();
for (const pkg of readdirSync(path.join(root, 'packages'))) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'packages', pkg, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {}))
    if (!name.startsWith('@store/')) external.add(name);
}

rmSync(serverOut, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: serverEntries,
  outdir: serverOut,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Deep imports (drizzle-orm/pglite, …) are external too.
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
mkdirSync(path.dirname(stampFile), { recursive: true });
// What was built from: `npm start` rebuilds only when the inputs' bytes differ.
writeFileSync(stampFile, `${JSON.stringify({ inputs: fingerprint, builtAt: new Date().toISOString() })}\n`);
console.log(`built the storefront, the studio and the server in ${Date.now() - started} ms`);
