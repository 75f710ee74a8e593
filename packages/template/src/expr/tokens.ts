/** Tokens and operator table of the `{.eval}` expression language. */

export interface OpDef {
  readonly id: string;
  readonly prec: number;
  readonly right: boolean;
  readonly desc: string;
}

const op = (id: string, prec: number, right: boolean, desc: string): OpDef => ({ id, prec, right, desc });

export const OPS = {
  PLUS: op('PLUS', 17, true, 'unary plus'),
  MINUS: op('MINUS', 17, true, 'unary minus'),
  LNOT: op('LNOT', 17, true, 'logical not'),
  BNOT: op('BNOT', 17, true, 'bitwise not'),
  POW: op('POW', 16, true, 'exponent'),
  MUL: op('MUL', 15, false, 'multiply'),
  DIV: op('DIV', 15, false, 'divide'),
  MOD: op('MOD', 15, false, 'modulus'),
  ADD: op('ADD', 14, false, 'add'),
  SUB: op('SUB', 14, false, 'subtract'),
  SHL: op('SHL', 13, false, 'left shift'),
  SHR: op('SHR', 13, false, 'right shift'),
  LT: op('LT', 12, false, 'less than'),
  GT: op('GT', 12, false, 'greater than'),
  LTEQ: op('LTEQ', 12, false, 'less than or equal'),
  GTEQ: op('GTEQ', 12, false, 'greater than or equal'),
  EQ: op('EQ', 11, false, 'equality'),
  NEQ: op('NEQ', 11, false, 'inequality'),
  SEQ: op('SEQ', 11, false, 'strict equality'),
  SNEQ: op('SNEQ', 11, false, 'strict inequality'),
  BAND: op('BAND', 10, false, 'bitwise and'),
  BXOR: op('BXOR', 9, false, 'bitwise xor'),
  BOR: op('BOR', 8, false, 'bitwise or'),
  LAND: op('LAND', 7, false, 'logical and'),
  LOR: op('LOR', 6, false, 'logical or'),
  ASN: op('ASN', 3, true, 'assign'),
  SEMI: op('SEMI', 1, false, 'semicolon'),
  COMMA: op('COMMA', 1, true, 'comma'),
  LPRN: op('LPRN', 1, false, 'left paren'),
  RPRN: op('RPRN', 1, false, 'right paren'),
} as const;

export type Literal =
  | { readonly t: 'num'; readonly v: number }
  | { readonly t: 'str'; readonly v: string }
  | { readonly t: 'bool'; readonly v: boolean }
  | { readonly t: 'null'; readonly v: null };

export type Token =
  | Literal
  | { readonly t: 'var'; readonly path: (string | number)[] }
  | { readonly t: 'op'; readonly op: OpDef }
  | { readonly t: 'call'; readonly name: string }
  | { readonly t: 'args' };

export const num = (v: number): Literal => ({ t: 'num', v });
export const str = (v: string): Literal => ({ t: 'str', v });
export const bool = (v: boolean): Literal => ({ t: 'bool', v });
export const NULL: Literal = { t: 'null', v: null };
export const ARGS: Token = { t: 'args' };

export const CONSTANTS: Record<string, Literal> = {
  null: NULL,
  true: bool(true),
  false: bool(false),
  PI: num(Math.PI),
  E: num(Math.E),
  Infinity: num(Number.POSITIVE_INFINITY),
  NaN: num(Number.NaN),
};

export function tokenDebug(t: Token | undefined): string {
  if (t === undefined) return 'undefined';
  switch (t.t) {
    case 'bool':
      return t.v ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'num':
      return String(t.v);
    case 'str':
      return JSON.stringify(t.v);
    case 'op':
      return `<${t.op.desc}>`;
    case 'var':
      return t.path.join('.');
    case 'call':
      return `${t.name}()`;
    case 'args':
      return '<args>';
  }
}
