#!/usr/bin/env node
// Runs the shared JSON-T conformance corpus against our engine when ../shared is present
// (it is beside the repository on developer machines and in CI); otherwise says so.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const harness = resolve(root, '../shared/conformance/run.mjs');
if (!existsSync(harness)) {
  console.log('conformance: skipped (../shared/conformance not found)');
  process.exit(0);
}
const adapter = resolve(root, 'packages/template/conformance/adapter.mjs');
const result = spawnSync(process.execPath, [harness, '--adapter', adapter, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
