import type { Args, FormatterCall, Path } from './nodes';

/**
 * Low-level matching inside one tag body (`start`..`end`, exclusive of the braces), with
 * sticky regular expressions so nothing is copied until a piece matches.
 */

const WORD = '[a-zA-Z][a-zA-Z0-9_-]*';
const SEGMENT = `(?:\\d+|(?:@|\\$)?${WORD}|@)`;
const RE = {
  word: new RegExp(WORD, 'y'),
  whitespace: /[ \f\n\r\t\v]+/y,
  formatterArgs: /[^|}]+/y,
  instructionArgs: /[^}]+/y,
  operator: /&&|\|\|/y,
  filePath: /[./a-zA-Z0-9_-]+/y,
  predicate: new RegExp(`${WORD}\\?`, 'y'),
  reference: new RegExp(`${SEGMENT}(?:\\.${SEGMENT})*`, 'y'),
  definition: new RegExp(`@${WORD}`, 'y'),
  separator: / *, */y,
};

/**
 * Split a dotted reference; all-digit segments become numbers. One pass over the
 * characters (a hot spot of compiling: every variable tag has a reference).
 */
export function splitPath(raw: string): Path {
  const parts: Path = [];
  let start = 0;
  let digits = true;
  const len = raw.length;
  for (let i = 0; i <= len; i++) {
    const c = i === len ? 46 : raw.charCodeAt(i);
    if (c !== 46 /* . */) {
      if (c < 48 || c > 57) digits = false;
      continue;
    }
    const segment = start === 0 && i === len ? raw : raw.slice(start, i);
    if (digits && i > start) {
      const n = Number.parseInt(segment, 10);
      parts.push(n <= 0x7fffffff ? n : segment);
    } else parts.push(segment);
    start = i + 1;
    digits = true;
  }
  return parts;
}

/** Split a raw argument string: the first character is the delimiter. */
export function splitArgs(raw: string): Args {
  const delim = raw[0] as string;
  const list = raw.slice(1).split(delim);
  return list.length === 1 && list[0] === '' ? { list: [], delim } : { list, delim };
}

const isAlpha = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isDigit = (c: number) => c >= 48 && c <= 57;
// [a-zA-Z0-9_-]
const isWordChar = (c: number) => isAlpha(c) || isDigit(c) || c === 95 || c === 45;

/** End of `WORD` at `i` (i when none). */
function wordEnd(s: string, i: number, end: number): number {
  if (i >= end || !isAlpha(s.charCodeAt(i))) return i;
  let j = i + 1;
  while (j < end && isWordChar(s.charCodeAt(j))) j++;
  return j;
}

/** End of one reference segment (`\d+`, `@word`, `$word`, `word`, `@`) at `i`, or -1. */
function segmentEnd(s: string, i: number, end: number): number {
  if (i >= end) return -1;
  const c = s.charCodeAt(i);
  if (isDigit(c)) {
    let j = i + 1;
    while (j < end && isDigit(s.charCodeAt(j))) j++;
    return j;
  }
  const from = c === 64 || c === 36 ? i + 1 : i;
  const w = wordEnd(s, from, end);
  if (w > from) return w;
  return c === 64 ? i + 1 : -1;
}

/**
 * Where a sticky match of `re` at `at` ends, clipped to `end` (`at` when it does not match).
 * The hot patterns (references, words, predicates, whitespace) are scanned by hand, with the
 * same results as their regular expressions: regex match objects dominated compile time.
 */
function scanEnd(s: string, re: RegExp, at: number, end: number): number {
  if (re === RE.reference) {
    let j = segmentEnd(s, at, end);
    if (j === -1) return at;
    while (j < end && s.charCodeAt(j) === 46) {
      const k = segmentEnd(s, j + 1, end);
      if (k === -1) break;
      j = k;
    }
    return j;
  }
  if (re === RE.word) return wordEnd(s, at, end);
  if (re === RE.predicate) {
    const w = wordEnd(s, at, end);
    return w > at && w < end && s.charCodeAt(w) === 63 ? w + 1 : at;
  }
  if (re === RE.whitespace) {
    let j = at;
    for (; j < end; j++) {
      const c = s.charCodeAt(j);
      if (c !== 32 && (c < 9 || c > 13)) break;
    }
    return j;
  }
  re.lastIndex = at;
  const m = re.exec(s);
  if (m === null) return at;
  return Math.min(at + m[0].length, end);
}

export class TagMatcher {
  pos = 0;
  end = 0;
  private matchEnd = 0;

  constructor(private readonly str: string) {}

  set(start: number, end: number): void {
    this.pos = start;
    this.end = end;
  }

  /** Accept the last match. */
  consume(): void {
    this.pos = this.matchEnd;
  }

  complete(): boolean {
    return this.pos === this.end;
  }

  peek(offset = 0): string {
    const i = this.pos + offset;
    return i < this.end ? (this.str[i] as string) : '';
  }

  private match(re: RegExp, at: number): string | null {
    if (at >= this.end) return null;
    const stop = scanEnd(this.str, re, at, this.end);
    if (stop <= at) return null;
    this.matchEnd = stop;
    return this.str.slice(at, stop);
  }

  /** `word` starting exactly at the cursor, for instruction keywords. */
  startsWith(keyword: string): boolean {
    if (this.str.startsWith(keyword, this.pos) && this.pos + keyword.length <= this.end) {
      this.matchEnd = this.pos + keyword.length;
      return true;
    }
    return false;
  }

  space(): boolean {
    if (this.str[this.pos] === ' ' && this.pos < this.end) {
      this.matchEnd = this.pos + 1;
      return true;
    }
    return false;
  }

  whitespace(): boolean {
    return this.match(RE.whitespace, this.pos) !== null;
  }

  word(): string | null {
    return this.match(RE.word, this.pos);
  }

  predicate(): string | null {
    return this.match(RE.predicate, this.pos);
  }

  definition(): string | null {
    return this.match(RE.definition, this.pos);
  }

  filePath(): string | null {
    return this.match(RE.filePath, this.pos);
  }

  variable(): Path | null {
    const raw = this.match(RE.reference, this.pos);
    return raw === null ? null : splitPath(raw);
  }

  /** Everything up to the end of the tag, split on its first character. */
  args(): Args | null {
    const raw = this.match(RE.instructionArgs, this.pos);
    return raw === null ? null : splitArgs(raw);
  }

  rest(): string {
    this.matchEnd = this.end;
    return this.str.slice(this.pos, this.end);
  }

  /** `a, b , c`: one or more references separated by commas. */
  variables(): Path[] | null {
    let at = this.pos;
    let result: Path[] | null = null;
    for (;;) {
      const raw = this.match(RE.reference, at);
      if (raw === null) {
        if (at !== this.pos) return null;
        break;
      }
      result = result ?? [];
      result.push(splitPath(raw));
      at = this.matchEnd;
      if (this.match(RE.separator, at) === null) {
        this.matchEnd = at;
        break;
      }
      at = this.matchEnd;
    }
    return result;
  }

  /** `|name args|name2`: null when absent or malformed (then the tag is literal text). */
  formatters(): FormatterCall[] | null {
    let at = this.pos;
    if (this.str[at++] !== '|' || at > this.end) return null;
    if (this.str[at] === '|') return null;
    let haveSep = false;
    let result: FormatterCall[] | null = null;
    for (;;) {
      const name = this.match(RE.word, at);
      if (name === null) {
        if (haveSep) return null;
        break;
      }
      at = this.matchEnd;
      const raw = this.match(RE.formatterArgs, at);
      if (raw !== null) {
        at = this.matchEnd;
        // Unlike instruction arguments, an empty formatter argument list stays `['']`.
        result = result ?? [];
        result.push({
          name,
          args: { list: raw.slice(1).split(raw[0] as string), delim: raw[0] as string },
        });
      } else {
        result = result ?? [];
        result.push({ name, args: null });
      }
      this.matchEnd = at;
      if (at >= this.end || this.str[at] !== '|') break;
      at++;
      haveSep = true;
    }
    return result;
  }

  /** `a && b || c`: references joined by operators. */
  ifExpression(): { ops: number[]; refs: Path[] } | null {
    const refs: Path[] = [];
    const ops: number[] = [];
    let haveOp = false;
    let at = this.pos;
    for (;;) {
      const raw = this.match(RE.reference, at);
      if (raw === null) {
        if (haveOp) return null;
        break;
      }
      refs.push(splitPath(raw));
      at = this.matchEnd;
      if (this.match(RE.whitespace, at) !== null) at = this.matchEnd;
      const op = this.match(RE.operator, at);
      if (op === null) break;
      ops.push(op === '&&' ? 1 : 0);
      haveOp = true;
      at = this.matchEnd;
      if (this.match(RE.whitespace, at) !== null) at = this.matchEnd;
    }
    this.matchEnd = at;
    return refs.length === 0 ? null : { ops, refs };
  }

  /** `key=ref key2=ref2` for `.ctx`. */
  bindings(): [string, Path][] | null {
    const out: [string, Path][] = [];
    let at = this.pos;
    for (;;) {
      const key = this.match(RE.word, at);
      if (key === null) break;
      at = this.matchEnd;
      if (this.str[at++] !== '=') break;
      const raw = this.match(RE.reference, at);
      if (raw === null) break;
      out.push([key, splitPath(raw)]);
      at = this.matchEnd;
      if (this.match(RE.whitespace, at) !== null) at = this.matchEnd;
    }
    // As in JSON-T, the match ends where the last successful piece ended (so a trailing
    // bare word after the bindings is accepted and ignored).
    return out.length ? out : null;
  }
}
