import { splitPath } from '../parser/tag-matcher';
import { ARGS, CONSTANTS, OPS, type OpDef, type Token, num, str } from './tokens';
import { FUNCTIONS } from './functions';
import { decimalEnd, hexEnd } from './number-scan';

/**
 * Tokenizes an `{.eval}` expression and turns it into reverse-Polish queues (shunting
 * yard), one per `;`-separated expression. Errors stop tokenizing; the token limit bounds
 * the work a hostile expression can cause.
 */
export interface ParsedExpression {
  readonly exprs: Token[][];
  readonly errors: string[];
}

const REFERENCE =
  /(?:\d+|(?:@|\$)?[a-zA-Z][a-zA-Z0-9_-]*|@)(?:\.(?:\d+|(?:@|\$)?[a-zA-Z][a-zA-Z0-9_-]*|@))*/y;
const E_MISMATCHED = 'Mismatched operator found:';
const CHAR_NAMES: Record<string, string> = {
  '\b': 'backspace',
  '\f': 'form feed',
  '\n': 'line feed',
  '\r': 'carriage return',
  '\t': 'tab',
};
const charName = (c: string) => CHAR_NAMES[c] ?? (c <= '\u001f' ? 'control character' : 'character');

class Builder {
  readonly tokens: Token[] = [];
  readonly errors: string[] = [];
  constructor(private readonly maxTokens: number) {}

  push(tok: Token): void {
    if (this.errors.length) return;
    let t = tok;
    const top = this.tokens[this.tokens.length - 1];
    if (t.t === 'op') {
      if (t.op === OPS.SUB || t.op === OPS.ADD) {
        // Binary +/- become unary at the start or after an operator other than ')'.
        if (top === undefined || (top.t === 'op' && top.op !== OPS.RPRN)) {
          t = { t: 'op', op: t.op === OPS.SUB ? OPS.MINUS : OPS.PLUS };
        }
      } else if (t.op === OPS.LPRN && top !== undefined && top.t === 'var' && top.path.length === 1) {
        const name = top.path[0] as string;
        if (Object.hasOwn(FUNCTIONS, name)) {
          this.tokens[this.tokens.length - 1] = { t: 'call', name };
        } else {
          this.errors.push(`Invalid function ${name}`);
          return;
        }
      }
    }
    this.tokens.push(t);
    if (this.maxTokens > 0 && this.tokens.length > this.maxTokens) {
      this.errors.push(`Expression exceeds the maximum number of allowed tokens: ${this.maxTokens}`);
    }
  }
}

function tokenize(b: Builder, s: string): void {
  const len = s.length;
  const op = (o: OpDef) => b.push({ t: 'op', op: o });
  let i = 0;
  while (i < len && b.errors.length === 0) {
    const c0 = s[i] as string;
    const c1 = s[i + 1];
    if (c0 >= '0' && c0 <= '9') {
      if (c0 === '0' && (c1 === 'x' || c1 === 'X')) {
        const j = hexEnd(s, i + 2, len);
        if (j === i + 2) {
          b.errors.push('Expected digits after start of hex number');
          return;
        }
        b.push(num(Number.parseInt(s.slice(i + 2, j), 16)));
        i = j;
      } else {
        const j = decimalEnd(s, i, len);
        if (j < 0) {
          b.errors.push(
            j === -2
              ? 'Expected a digit after exponent in decimal number'
              : j === -3
                ? 'Duplicate decimal point in number'
                : 'Unexpected decimal point in exponent',
          );
          return;
        }
        b.push(num(Number.parseFloat(s.slice(i, j))));
        i = j;
      }
      continue;
    }
    switch (c0) {
      case '"':
      case "'": {
        const j = stringLiteral(b, s, i + 1, len, c0);
        if (j < 0) return;
        i = j;
        continue;
      }
      case '*':
        if (c1 === '*') i++;
        op(c1 === '*' ? OPS.POW : OPS.MUL);
        break;
      case '/':
        op(OPS.DIV);
        break;
      case '%':
        op(OPS.MOD);
        break;
      case '+':
        op(OPS.ADD);
        break;
      case '-':
        op(OPS.SUB);
        break;
      case '=':
        if (c1 === '=') {
          i++;
          if (s[i + 1] === '=') {
            i++;
            op(OPS.SEQ);
          } else op(OPS.EQ);
        } else op(OPS.ASN);
        break;
      case '!':
        if (c1 === '=') {
          i++;
          if (s[i + 1] === '=') {
            i++;
            op(OPS.SNEQ);
          } else op(OPS.NEQ);
        } else op(OPS.LNOT);
        break;
      case '<':
        if (c1 === '<' || c1 === '=') i++;
        op(c1 === '<' ? OPS.SHL : c1 === '=' ? OPS.LTEQ : OPS.LT);
        break;
      case '>':
        if (c1 === '>' || c1 === '=') i++;
        op(c1 === '>' ? OPS.SHR : c1 === '=' ? OPS.GTEQ : OPS.GT);
        break;
      case '~':
        op(OPS.BNOT);
        break;
      case '&':
        if (c1 === '&') i++;
        op(c1 === '&' ? OPS.LAND : OPS.BAND);
        break;
      case '|':
        if (c1 === '|') i++;
        op(c1 === '|' ? OPS.LOR : OPS.BOR);
        break;
      case '^':
        op(OPS.BXOR);
        break;
      case ' ':
      case '\n':
      case '\t':
      case '\r':
      case '\u00a0':
        break;
      case ',':
        op(OPS.COMMA);
        break;
      case ';':
        op(OPS.SEMI);
        break;
      case '(':
        op(OPS.LPRN);
        break;
      case ')':
        op(OPS.RPRN);
        break;
      default: {
        REFERENCE.lastIndex = i;
        const m = REFERENCE.exec(s);
        if (m === null) {
          b.errors.push(`Unexpected ${charName(c0)} at ${i}: ${JSON.stringify(c0)}`);
          return;
        }
        i += m[0].length;
        const path = splitPath(m[0]);
        const constant = path.length === 1 && typeof path[0] === 'string' ? CONSTANTS[path[0]] : undefined;
        b.push(
          constant !== undefined && Object.hasOwn(CONSTANTS, path[0] as string)
            ? constant
            : { t: 'var', path },
        );
        continue;
      }
    }
    i++;
  }
}

function stringLiteral(b: Builder, s: string, start: number, len: number, end: string): number {
  let out = '';
  let i = start;
  while (i < len) {
    const c = s[i] as string;
    if (c === '\\' && i + 1 < len) {
      const e = s[i + 1] as string;
      if (e === 'x' || e === 'u' || e === 'U') {
        const from = i + 2;
        const lim = from + (e === 'x' ? 2 : e === 'u' ? 4 : 8);
        const k = hexEnd(s, from, Math.min(lim, len));
        if (k !== lim || (e === 'x' && lim >= len)) {
          b.errors.push(e === 'x' ? 'Invalid 2-char hex escape found' : 'Invalid unicode escape found');
          return -1;
        }
        const code = Number.parseInt(s.slice(from, k), 16);
        // Control characters (other than whitespace) and invalid code points become a space.
        out +=
          code <= 0x08 || (code >= 0x0e && code < 0x20) || code > 0x10ffff ? ' ' : String.fromCodePoint(code);
        i = k;
        continue;
      }
      out += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'f' ? '\f' : e === 'r' ? '\r' : e;
      i += 2;
      continue;
    }
    if (c === end) {
      b.push(str(out));
      return i + 1;
    }
    if (c === '\n' || c === '\r') {
      b.errors.push(`Illegal bare ${charName(c)} character in string literal`);
      return -1;
    }
    out += c;
    i++;
  }
  b.errors.push('Unterminated string');
  return -1;
}

/** Shunting yard: tokens → one RPN queue per `;`-separated expression. */
function build(b: Builder): Token[][] {
  const exprs: Token[][] = [];
  let out: Token[] = [];
  const ops: Token[] = [];
  const isLParen = (t: Token | undefined) => t !== undefined && t.t === 'op' && t.op === OPS.LPRN;
  const flush = (): boolean => {
    while (ops.length) {
      const t = ops.pop() as Token;
      if (t.t === 'op' && (t.op === OPS.LPRN || t.op === OPS.RPRN)) {
        b.errors.push(`${E_MISMATCHED} ${t.op.desc}`);
        return false;
      }
      out.push(t);
    }
    if (out.length) exprs.push(out);
    return true;
  };
  for (const t of b.tokens) {
    if (t.t === 'call') {
      out.push(ARGS);
      ops.push(t);
    } else if (t.t !== 'op') {
      out.push(t);
    } else if (t.op === OPS.SEMI) {
      // A bad parenthesis is reported and building goes on with the next expression.
      flush();
      out = [];
    } else if (t.op === OPS.LPRN) {
      ops.push(t);
    } else if (t.op === OPS.COMMA) {
      while (ops.length && !isLParen(ops[ops.length - 1])) out.push(ops.pop() as Token);
    } else if (t.op === OPS.RPRN) {
      while (ops.length && !isLParen(ops[ops.length - 1])) out.push(ops.pop() as Token);
      if (!isLParen(ops[ops.length - 1])) {
        b.errors.push(`${E_MISMATCHED} ${t.op.desc}`);
        return exprs;
      }
      ops.pop();
      const top = ops[ops.length - 1];
      if (top !== undefined && top.t === 'call') out.push(ops.pop() as Token);
    } else {
      for (;;) {
        const top = ops[ops.length - 1];
        if (top === undefined) break;
        if (top.t === 'op') {
          if (top.op === OPS.LPRN) break;
          if (!(top.op.prec > t.op.prec || (top.op.prec === t.op.prec && !top.op.right))) break;
        }
        out.push(ops.pop() as Token);
      }
      ops.push(t);
    }
  }
  flush();
  return exprs;
}

export function parseExpression(raw: string, maxTokens: number): ParsedExpression {
  const b = new Builder(maxTokens);
  tokenize(b, raw);
  if (b.errors.length) return { exprs: [], errors: b.errors };
  // On an error the expressions assembled so far are kept for the `#` debug dump only.
  const exprs = build(b);
  return { exprs, errors: b.errors };
}
