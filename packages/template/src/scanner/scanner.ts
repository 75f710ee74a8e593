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

/** Receives the pieces in order (a callback: a generator's per-piece objects cost compile time). */
export type PieceSink = (kind: Piece['kind'], start: number, end: number, pos: number) => void;

export function* scan(str: string): Generator<Piece> {
  const pieces: Piece[] = [];
  scanInto(str, (kind, start, end, pos) => {
    pieces.push(kind === 'comment' ? { kind, start, end, pos } : { kind, start, end });
  });
  yield* pieces;
}

export function scanInto(str: string, sink: PieceSink): void {
  const len = str.length;
  let idx = 0;
  while (idx < len) {
    let start = str.indexOf('{', idx);
    if (start === -1) break;
    if (str[start + 1] === '#' && str[start + 2] === '#') {
      if (start > idx) sink('text', idx, start, idx);
      const close = str.indexOf('##}', start + 3);
      const end = close === -1 ? len : close;
      sink('comment', start + 3, end, start);
      idx = close === -1 ? len : close + 3;
      continue;
    }
    // The tag is the innermost pair: the first `}` and the last `{` before it.
    const close = str.indexOf('}', start + 1);
    if (close === -1) break;
    start = str.lastIndexOf('{', close);
    if (start > idx) sink('text', idx, start, idx);
    sink('tag', start + 1, close, start);
    idx = close + 1;
  }
  if (idx < len) sink('text', idx, len, idx);
}
