import { describe, expect, it } from 'vitest';
import { escapeHtml, firstSpecial } from '../src/values';

/** The obvious definition, to compare the fast paths against. */
const expected = (text: string, attr: boolean) =>
  text.replace(
    attr ? /[&<>"]/g : /[&<>]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string,
  );

describe('escapeHtml', () => {
  // Short values take a loop, long ones the regexp search: cover both sides of the switch,
  // each special character at the start, the middle and the end, and text without any.
  const lengths = [0, 1, 2, 23, 24, 25, 26, 100];
  const cases: [string, boolean][] = [];
  for (const n of lengths) {
    for (const special of ['&', '<', '>', '"', "'", '\u00e9', '\u{1F600}']) {
      for (const at of [0, Math.floor(n / 2), n]) {
        const base = 'a'.repeat(n);
        const text = base.slice(0, at) + special + base.slice(at);
        cases.push([text, false], [text, true]);
      }
    }
    cases.push(['b'.repeat(n), true], [`${'<&>"'.repeat(n)}`, true], [`x"y`.repeat(n), false]);
  }
  it.each(cases)('%j (attr %s)', (text, attr) => {
    expect(escapeHtml(text, attr)).toBe(expected(text, attr));
    const first = firstSpecial(text, attr);
    expect(first).toBe(text.search(attr ? /[&<>"]/ : /[&<>]/));
    if (first === -1) expect(escapeHtml(text, attr)).toBe(text);
  });
});
