/**
 * Splits template source into literal text, tag bodies and multi-line comments. A tag is
 * the innermost `{...}` pair on the way to the next `}` (so `{{a}` is `{` plus tag `a`);
 * `{## ... ##}` comments may span braces. The scanner never fails: what does not parse
 * later is emitted as literal text.
 */
export type Piece =
  | { kind: 'text'; start: number; end: number }
  /** Body between the braces: `start` is after `{`, `end` is the index of `}`. */
  | { kind: 'tag'; start: number; end: number }
  /** Multi-line comment: `start`/`end` bound the comment text. */
  | { kind: 'comment'; start: number; end: number; pos: number };

export function* scan(str: string): Generator<Piece> {
  const len = str.length;
  let idx = 0;
  while (idx < len) {
    let start = str.indexOf('{', idx);
    if (start === -1) break;
    if (str[start + 1] === '#' && str[start + 2] === '#') {
      if (start > idx) yield { kind: 'text', start: idx, end: start };
      const close = str.indexOf('##}', start + 3);
      const end = close === -1 ? len : close;
      yield { kind: 'comment', start: start + 3, end, pos: start };
      idx = close === -1 ? len : close + 3;
      continue;
    }
    let close = -1;
    for (let i = start + 1; i < len; i++) {
      const ch = str.charCodeAt(i);
      if (ch === 123 /* { */) start = i;
      else if (ch === 125 /* } */) {
        close = i;
        break;
      }
    }
    if (close === -1) break;
    if (start > idx) yield { kind: 'text', start: idx, end: start };
    yield { kind: 'tag', start: start + 1, end: close };
    idx = close + 1;
  }
  if (idx < len) yield { kind: 'text', start: idx, end: len };
}
