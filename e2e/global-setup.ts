import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Build the storefront runtime and the studio once, before any browser test: every e2e file
 * then runs against the code as it is now. (Building only when dist/ was missing let a stale
 * bundle from an earlier build answer, and a file that happened to run first decide for all.)
 */
export default function setup(): void {
  for (const pkg of ['packages/storefront', 'packages/studio']) {
    execFileSync('npm', ['run', 'build', '-w', pkg, '--silent'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
