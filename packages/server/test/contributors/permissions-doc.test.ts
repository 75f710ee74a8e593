import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_CAPABILITIES } from '../../src/plugins/permissions';
import { permissionMatrix } from './permissions-doc';

const doc = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/permissions.md'),
  'utf8',
);

describe('docs/permissions.md', () => {
  it('shows the role × capability table exactly as plugins/permissions.ts has it', () => {
    if (process.env.PRINT_PERMISSIONS) console.log(permissionMatrix());
    expect(doc).toContain(permissionMatrix());
  });

  it('names the capability of every route family in the table', () => {
    const capabilities = new Set(Object.values(ROUTE_CAPABILITIES).map((rule) => rule.capability));
    for (const capability of capabilities) expect(doc).toContain(`\`${capability}\``);
  });

  it('lists every route with a live case and what that case needs', () => {
    const live = Object.entries(ROUTE_CAPABILITIES).filter(([, rule]) => rule.live);
    expect(live.length).toBeGreaterThan(0);
    for (const [route, rule] of live)
      expect(doc).toContain(`| \`${route}\` | \`${rule.capability}\` | \`${rule.live}\` |`);
  });
});
