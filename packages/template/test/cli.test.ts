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

describe('jsont CLI output to a pipe', () => {
  it('writes all of a large output when stdout is a pipe', () => {
    // spawnSync reads stdout through a pipe: exiting right after write() cut this at 64 KiB.
    const r = jsont({
      't.html': '{.repeated section items}{@}{.end}',
      'd.json': JSON.stringify({ items: new Array(50_000).fill('0123456789') }),
    });
    expect(r.status).toBe(0);
    expect(Buffer.byteLength(r.stdout)).toBe(500_000);
  }, 30_000);

  it('writes the UTF-8 bytes of non-ASCII output, also across chunk edges', () => {
    const items = Array.from({ length: 4000 }, (_, i) => `caf\u00e9 \u2014 ${i} \u{1F600}`);
    const r = jsont({
      't.html': '{.repeated section items}<p>{@|html}</p>{.end}',
      'd.json': JSON.stringify({ items }),
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(items.map((s) => `<p>${s}</p>`).join(''));
  }, 30_000);

  it('passes --max-render-ms as the render deadline', () => {
    const r = jsont(
      {
        't.html': '{.repeated section items}{big|slugify}{.end}',
        'd.json': JSON.stringify({ big: 'a '.repeat(50_000), items: new Array(100_000).fill(1) }),
      },
      ['--max-render-ms', '20'],
    );
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('TIME_LIMIT: RuntimeError: Render exceeds its time budget of 20 ms');
  }, 30_000);
});
