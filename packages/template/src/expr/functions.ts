import { decimalEnd, hexEnd } from './number-scan';
import { type Literal, bool, num, str } from './tokens';

/** Number conversion of the expression language (stricter than `toNum`: junk is NaN). */
export function asNum(t: Literal): number {
  switch (t.t) {
    case 'num':
      return t.v;
    case 'bool':
      return t.v ? 1 : 0;
    case 'null':
      return 0;
    case 'str': {
      const s = t.v;
      if (!s) return 0;
      const len = s.length;
      let i = s[0] === '-' || s[0] === '+' ? 1 : 0;
      if (i === len) return Number.NaN;
      if (s[i] === '0' && (s[i + 1] === 'x' || s[i + 1] === 'X')) {
        return hexEnd(s, i + 2, len) === len ? Number.parseInt(s, 16) : Number.NaN;
      }
      if (!((s[i] as string) >= '0' && (s[i] as string) <= '9')) return Number.NaN;
      i = decimalEnd(s, i, len);
      return i === len ? Number.parseFloat(s) : Number.NaN;
    }
  }
}

export function asBool(t: Literal): boolean {
  switch (t.t) {
    case 'bool':
      return t.v;
    case 'num':
    case 'str':
      return !!t.v;
    default:
      return false;
  }
}

export function asStr(t: Literal): string {
  switch (t.t) {
    case 'bool':
      return t.v ? 'true' : 'false';
    case 'num':
      return String(t.v);
    case 'str':
      return t.v;
    case 'null':
      return 'null';
  }
}

const select = (pick: (a: number, b: number) => boolean, args: Literal[]): Literal | undefined => {
  if (args.length === 0) return undefined;
  let best = asNum(args[0] as Literal);
  for (let i = 1; i < args.length; i++) {
    const n = asNum(args[i] as Literal);
    if (!pick(best, n)) best = n;
  }
  return num(best);
};

/** Functions callable from expressions; returning undefined reports "Error calling function". */
export const FUNCTIONS: Record<string, (args: Literal[]) => Literal | undefined> = {
  max: (a) => select((x, y) => x > y, a),
  min: (a) => select((x, y) => x < y, a),
  abs: (a) => (a.length ? num(Math.abs(asNum(a[0] as Literal))) : undefined),
  num: (a) => (a.length ? num(asNum(a[0] as Literal)) : undefined),
  str: (a) => (a.length ? str(asStr(a[0] as Literal)) : undefined),
  bool: (a) => (a.length ? bool(asBool(a[0] as Literal)) : undefined),
};
