import type { Args, FormatterCall, Node, OrNode } from './nodes';

/**
 * The compact array encoding of the instruction tree (JSON-T version 1), as used by
 * `parse()` and the AST conformance specs. See FORMAT.md §2.2 for the opcode table.
 */
export type Ast = number | string | Ast[];

const OP = {
  TEXT: 0,
  VARIABLE: 1,
  SECTION: 2,
  END: 3,
  REPEATED: 4,
  PREDICATE: 5,
  BINDVAR: 6,
  OR_PREDICATE: 7,
  IF: 8,
  INJECT: 9,
  MACRO: 10,
  COMMENT: 11,
  META_LEFT: 12,
  META_RIGHT: 13,
  NEWLINE: 14,
  SPACE: 15,
  TAB: 16,
  ROOT: 17,
  EOF: 18,
  ALTERNATES_WITH: 19,
  CTXVAR: 22,
  EVAL: 23,
  INCLUDE: 24,
} as const;

export function encodeRoot(nodes: Node[]): Ast {
  return [OP.ROOT, 1, encodeBlock(nodes), OP.EOF];
}

function encodeBlock(nodes: Node[]): Ast[] {
  return nodes.map(encode);
}

const args = (a: Args | null): Ast => (a === null ? 0 : [a.list, a.delim]);
const formatters = (fs: FormatterCall[] | null): Ast =>
  fs === null ? 0 : fs.map((f) => (f.args === null ? [f.name] : [f.name, args(f.args)]));
const alt = (a: OrNode | null): Ast => (a === null ? OP.END : encode(a));

function encode(n: Node): Ast {
  switch (n.type) {
    case 'text':
      return [OP.TEXT, n.text];
    case 'variable':
      return [OP.VARIABLE, n.refs, formatters(n.formatters)];
    case 'section':
      return [OP.SECTION, n.ref, encodeBlock(n.block), alt(n.alt)];
    case 'repeated':
      return [OP.REPEATED, n.ref, encodeBlock(n.block), alt(n.alt), encodeBlock(n.altWith)];
    case 'predicate':
      return [OP.PREDICATE, n.name, args(n.args), encodeBlock(n.block), alt(n.alt)];
    case 'or':
      return [OP.OR_PREDICATE, n.name ?? 0, args(n.args), encodeBlock(n.block), alt(n.alt)];
    case 'if':
      return [OP.IF, n.ops, n.refs, encodeBlock(n.block), alt(n.alt)];
    case 'bindvar':
      return [OP.BINDVAR, n.name, n.refs, formatters(n.formatters)];
    case 'ctxvar':
      return [OP.CTXVAR, n.name, n.bindings];
    case 'inject':
      return [OP.INJECT, n.name, n.path, args(n.args)];
    case 'macro':
      return [OP.MACRO, n.name, encodeBlock(n.block)];
    case 'comment':
      return [OP.COMMENT, n.text, n.multiline ? 1 : 0];
    case 'eval':
      return [OP.EVAL, n.code];
    case 'include':
      return [OP.INCLUDE, n.name, args(n.args)];
    case 'atom':
      return OP[n.op];
  }
}
