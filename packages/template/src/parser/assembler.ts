import type { Node, OrNode } from './nodes';
import { opName } from './nodes';

type Container = { type: 'root'; block: Node[] } | Exclude<Node, { block?: never }>;

export interface AssemblyIssue {
  code: 'DEAD_CODE' | 'EOF_IN_BLOCK' | 'NOT_ALLOWED_IN_BLOCK' | 'NOT_ALLOWED_AT_ROOT';
  message: string;
  pos: number;
}

interface Level {
  /** The block instruction that opened this level (or root). */
  owner: Container;
  /** Where consequent instructions currently go. */
  target: Node[];
  /** The branch currently being filled: the owner, or the last `.or` of its chain. */
  branch: Container;
  inAlternatesWith: boolean;
}

const messages = {
  deadCode: (op: string) => `This ${op} block will never execute.`,
  eofInBlock: (op: string) => `Reached EOF in the middle of ${op}`,
  notAllowedInBlock: (op: string, parent: string) =>
    `${op} instruction is not allowed inside ${parent} block.`,
  notAllowedAtRoot: (op: string) => `Instruction ${op} not allowed at root`,
};

/**
 * Folds the flat instruction stream into blocks: `.or` chains, `.alternates with` and
 * `.end`, checking what each block allows. Errors drop the offending instruction; at EOF
 * any open block is reported and closed so the rest of the template still renders.
 */
export class Assembler {
  readonly root: Node[] = [];
  readonly issues: AssemblyIssue[] = [];
  /** Blocks opened plus `.or` branches: each nesting level needs one, so it bounds the depth. */
  blocks = 0;
  private readonly stack: Level[];

  constructor() {
    const root: Container = { type: 'root', block: this.root };
    this.stack = [{ owner: root, target: this.root, branch: root, inAlternatesWith: false }];
  }

  private get top(): Level {
    return this.stack[this.stack.length - 1] as Level;
  }

  accept(node: Node): void {
    const level = this.top;
    switch (node.type) {
      case 'section':
      case 'repeated':
      case 'predicate':
      case 'if':
      case 'macro':
        if (level.inAlternatesWith && level.owner.type === 'repeated') {
          // JSON-T quirk kept for identical trees: a block opened inside `.alternates with`
          // lands in the repeated section's main block, which stays current afterwards.
          level.target = level.owner.block;
          level.inAlternatesWith = false;
        }
        add(level.target, node);
        this.blocks++;
        this.stack.push({ owner: node, target: node.block, branch: node, inAlternatesWith: false });
        return;
      case 'or':
        this.blocks++;
        this.acceptOr(level, node);
        return;
      case 'atom':
        if (node.op === 'END') this.acceptEnd(level, node);
        else if (node.op === 'ALTERNATES_WITH') this.acceptAlternatesWith(level, node);
        else if (node.op !== 'EOF') add(level.target, node);
        return;
      default:
        add(level.target, node);
    }
  }

  private issue(code: AssemblyIssue['code'], message: string, pos: number): void {
    this.issues.push({ code, message, pos });
  }

  private acceptOr(level: Level, node: OrNode): void {
    const owner = level.owner;
    if (owner.type === 'root') {
      this.issue('NOT_ALLOWED_AT_ROOT', messages.notAllowedAtRoot('OR_PREDICATE'), node.pos);
      return;
    }
    if (owner.type === 'macro') {
      this.issue('NOT_ALLOWED_IN_BLOCK', messages.notAllowedInBlock('OR_PREDICATE', 'MACRO'), node.pos);
      return;
    }
    const branch = level.branch;
    if (branch.type === 'or' && branch.name === null) {
      this.issue('DEAD_CODE', messages.deadCode('OR_PREDICATE'), node.pos);
      return;
    }
    (branch as { alt: OrNode | null }).alt = node;
    level.branch = node;
    level.target = node.block;
    level.inAlternatesWith = false;
  }

  private acceptEnd(level: Level, node: Node): void {
    if (level.owner.type === 'root') {
      this.issue('NOT_ALLOWED_AT_ROOT', messages.notAllowedAtRoot('END'), node.pos);
      return;
    }
    this.stack.pop();
  }

  private acceptAlternatesWith(level: Level, node: Node): void {
    const owner = level.owner;
    if (owner.type === 'root') {
      this.issue('NOT_ALLOWED_AT_ROOT', messages.notAllowedAtRoot('ALTERNATES_WITH'), node.pos);
      return;
    }
    if (owner.type !== 'repeated' || level.branch !== owner || level.inAlternatesWith) {
      const parent = level.branch === owner ? opName(owner as Node) : 'OR_PREDICATE';
      this.issue('NOT_ALLOWED_IN_BLOCK', messages.notAllowedInBlock('ALTERNATES_WITH', parent), node.pos);
      return;
    }
    level.target = owner.altWith;
    level.inAlternatesWith = true;
  }

  /** Finish: report (and close) every block still open. */
  finish(): Node[] {
    while (this.stack.length > 1) {
      const level = this.stack.pop() as Level;
      const owner = level.branch as Node;
      this.issue('EOF_IN_BLOCK', messages.eofInBlock(opName(owner)), (level.owner as Node).pos);
    }
    return this.root;
  }
}

/** Append. Text is not merged: each flushed piece (and each literal tag) stays separate, as in JSON-T. */
function add(block: Node[], node: Node): void {
  block.push(node);
}
