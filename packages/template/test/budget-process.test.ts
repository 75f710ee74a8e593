import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The hostile templates at full size with the default limits, each in its own
 * process through the CLI: the process must end quickly, alive (no fatal V8 abort), with
 * the engine's budget error and exit code 3.
 */
const bin = resolve(__dirname, '../bin/jsont.mjs');

function run(template: string, data: string) {
  const dir = mkdtempSync(join(tmpdir(), 'jsont-budget-'));
  writeFileSync(join(dir, 't.html'), template);
  writeFileSync(join(dir, 'd.json'), data);
  const started = Date.now();
  const r = spawnSync(process.execPath, [bin, 'render', join(dir, 't.html'), join(dir, 'd.json')], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ...r, ms: Date.now() - started };
}

describe('hostile renders in a child process', () => {
  it('slugify over a million items with a 100 KB string ends at the deadline', () => {
    const data = `{"big":"${'a b-C'.repeat(20_000)}","items":[${'1,'.repeat(999_999)}1]}`;
    const r = run('{.repeated section items}{big|slugify|count}{.end}', data);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('TIME_LIMIT');
    expect(r.ms).toBeLessThan(20_000);
  }, 30_000);

  it('equal? over a million items with two 100 KB strings ends at the deadline', () => {
    const big = 'x'.repeat(100_000);
    const data = `{"big":"${big}","big2":"${big}","items":[${'1,'.repeat(999_999)}1]}`;
    const r = run('{.repeated section items}{.equal? big big2}={.end}{.end}', data);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('TIME_LIMIT');
    expect(r.ms).toBeLessThan(20_000);
  }, 30_000);

  it('json thirty times over a 1 MB string stops at the string bound', () => {
    // JSON text \\\" is a backslash and a quote: 1 M characters that each json pass doubles.
    const r = run(`{s${'|json'.repeat(30)}}`, `{"s":"${'\\\\\\"'.repeat(500_000)}"}`);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('STRING_LIMIT');
    expect(r.ms).toBeLessThan(20_000);
  }, 30_000);

  it('smartypants on a 150 MB string ends with the string bound, not a fatal abort', () => {
    const data = `{"s":"${'\\"a\\" -- b '.repeat(15_000_000)}"}`;
    const r = run('{s|smartypants}', data);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('STRING_LIMIT');
  }, 60_000);

  it('html on a 100 MB string ends with the string bound', () => {
    const r = run('{s|html}', `{"s":"${'<&>'.repeat(33_400_000)}"}`);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('STRING_LIMIT');
  }, 60_000);
});
