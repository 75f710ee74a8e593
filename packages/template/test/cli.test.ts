import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = resolve(__dirname, '../bin/jsont.mjs');

function jsont(files: Record<string, string>, extra: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'jsont-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return spawnSync(process.execPath, [bin, 'render', join(dir, 't.html'), join(dir, 'd.json'), ...extra], {
    encoding: 'utf8',
    cwd: dir,
  });
}

describe('jsont CLI', () => {
  it('renders with partials and prints errors with positions on stderr', () => {
    const r = jsont(
      { 't.html': '{a|apply p}\n{b|nosuch}', 'd.json': '{"a":"x"}', 'p.json': '{"p":"<{@}>"}' },
      ['--partials', 'p.json'],
    );
    expect(r.stdout).toBe('<x>\n{b|nosuch}');
    expect(r.stderr).toMatch(/t\.html:2:1: parser FORMATTER_UNKNOWN/);
    expect(r.status).toBe(1);
  }, 30_000);

  it('rejects bad usage with exit code 2', () => {
    const r = spawnSync(process.execPath, [bin, 'nope'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: jsont render');
  }, 30_000);
});
