/**
 * The instruction tree produced by the parser. Every node keeps the offset of its tag
 * (turned into line/column on demand) so compile and render errors can point at it.
 */

/** A split variable reference: `a.0.b` → ['a', 0, 'b']. */
export type Path = (string | number)[];

/** Arguments as written: split on the delimiter that followed the name. */
export interface Args {
  readonly list: string[];
  readonly delim: string;
}

export interface FormatterCall {
  readonly name: string;
  readonly args: Args | null;
}

interface Base {
  /** Offset of the tag's `{` in the source. */
  readonly pos: number;
}

export interface TextNode extends Base {
  type: 'text';
  text: string;
}
export interface VariableNode extends Base {
  type: 'variable';
  refs: Path[];
  formatters: FormatterCall[] | null;
}
export interface SectionNode extends Base {
  type: 'section';
  ref: Path;
  block: Node[];
  alt: OrNode | null;
}
export interface RepeatedNode extends Base {
  type: 'repeated';
  ref: Path;
  block: Node[];
  alt: OrNode | null;
  altWith: Node[];
}
export interface PredicateNode extends Base {
  type: 'predicate';
  name: string;
  args: Args | null;
  block: Node[];
  alt: OrNode | null;
}
/** `{.or}` / `{.or name? args}`: the alternate branch of a block, possibly chained. */
export interface OrNode extends Base {
  type: 'or';
  name: string | null;
  args: Args | null;
  block: Node[];
  alt: OrNode | null;
}
export interface IfNode extends Base {
  type: 'if';
  /** 1 = `&&`, 0 = `||`, between consecutive refs. */
  ops: number[];
  refs: Path[];
  block: Node[];
  alt: OrNode | null;
}
export interface BindvarNode extends Base {
  type: 'bindvar';
  name: string;
  refs: Path[];
  formatters: FormatterCall[] | null;
}
export interface CtxvarNode extends Base {
  type: 'ctxvar';
  name: string;
  bindings: [string, Path][];
}
export interface InjectNode extends Base {
  type: 'inject';
  name: string;
  path: string;
  args: Args | null;
}
export interface MacroNode extends Base {
  type: 'macro';
  name: string;
  block: Node[];
}
export interface CommentNode extends Base {
  type: 'comment';
  text: string;
  multiline: boolean;
}
export interface EvalNode extends Base {
  type: 'eval';
  code: string;
}
export interface IncludeNode extends Base {
  type: 'include';
  name: string;
  args: Args;
}
/** Tags without operands. END and ALTERNATES_WITH only exist while assembling. */
export interface AtomNode extends Base {
  type: 'atom';
  op: 'META_LEFT' | 'META_RIGHT' | 'NEWLINE' | 'SPACE' | 'TAB' | 'END' | 'ALTERNATES_WITH' | 'EOF';
}

export type BlockNode = SectionNode | RepeatedNode | PredicateNode | IfNode | MacroNode;
export type Node =
  | TextNode
  | VariableNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | OrNode
  | IfNode
  | BindvarNode
  | CtxvarNode
  | InjectNode
  | MacroNode
  | CommentNode
  | EvalNode
  | IncludeNode
  | AtomNode;

/** Opcode names as used in error messages (the reference's names). */
export function opName(node: Node | { type: 'root' }): string {
  switch (node.type) {
    case 'text':
      return 'TEXT';
    case 'variable':
      return 'VARIABLE';
    case 'section':
      return 'SECTION';
    case 'repeated':
      return 'REPEATED';
    case 'predicate':
      return 'PREDICATE';
    case 'or':
      return 'OR_PREDICATE';
    case 'if':
      return 'IF';
    case 'bindvar':
      return 'BINDVAR';
    case 'ctxvar':
      return 'CTXVAR';
    case 'inject':
      return 'INJECT';
    case 'macro':
      return 'MACRO';
    case 'comment':
      return 'COMMENT';
    case 'eval':
      return 'EVAL';
    case 'include':
      return 'INCLUDE';
    case 'atom':
      return node.op;
    case 'root':
      return 'ROOT';
  }
}
