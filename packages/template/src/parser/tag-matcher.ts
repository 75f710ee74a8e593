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

const DIGITS = /^\d+$/;

/** Split a dotted reference; all-digit segments become numbers. */
export function splitPath(raw: string): Path {
  const parts: Path = raw.split('.');
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string;
    if (DIGITS.test(p)) {
      const n = Number.parseInt(p, 10);
      if (n <= 0x7fffffff) parts[i] = n;
    }
  }
  return parts;
}

/** Split a raw argument string: the first character is the delimiter. */
export function splitArgs(raw: string): Args {
  const delim = raw[0] as string;
  const list = raw.slice(1).split(delim);
  return list.length === 1 && list[0] === '' ? { list: [], delim } : { list, delim };
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
    re.lastIndex = at;
    const m = re.exec(this.str);
    if (m === null) return null;
    let text = m[0];
    // The tag ends before `end`; a match must not run past it.
    if (at + text.length > this.end) text = text.slice(0, this.end - at);
    if (text.length === 0) return null;
    this.matchEnd = at + text.length;
    return text;
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
