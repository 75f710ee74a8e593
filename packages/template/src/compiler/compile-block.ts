import { type SourceInfo, messages } from '../errors';
import type { Node, OrNode, Path } from '../parser/nodes';
import type { Registry } from '../registry';
import { type Block, Frame, resolvePath, resolveSection } from '../runtime/frame';
import { isTruthy } from '../values';
import { compileEval } from './compile-eval';
import { emitText } from './emit';
import { generateBlock } from './generate-block';
import {
  type BoundFormatter,
  NO_EXTRA,
  applyFormatters,
  bind,
  streamApply,
  streamedApply,
  testPredicate,
} from './plugin-calls';

export interface CompileEnv {
  readonly registry: Registry;
  readonly source: SourceInfo;
  readonly maxExprTokens: number;
  readonly maxStringLength: number;
  /** Generate a JavaScript function per block (default) or use closures only. */
  readonly codegen: boolean;
}

export const NOOP: Block = () => {};

/** Compile a list of instructions into one function that runs them in order. */
export function compileBlock(nodes: Node[], env: CompileEnv): Block {
  return (env.codegen ? generateBlock(nodes, env) : null) ?? compileBlockClosures(nodes, env);
}

/** Runs of a template (or partial) before its code is generated. */
export const HOT_RUNS = 8;

/**
 * Compile a template or partial adaptively. Compiling only parses (what a live preview
 * that compiles on every edit pays); the first run builds closures, and once the block
 * has run HOT_RUNS times, one generated function replaces them (what a server rendering
 * the same page many times wants). A partial never applied costs nothing beyond parsing.
 */
export function compileRoot(nodes: Node[], env: CompileEnv): Block {
  let current: Block | null = null;
  let runs = 0;
  return (st) => {
    if (current === null) current = compileBlock(nodes, env.codegen ? { ...env, codegen: false } : env);
    else if (env.codegen && runs < HOT_RUNS && ++runs === HOT_RUNS) current = compileBlock(nodes, env);
    current(st);
  };
}

/** The closure-per-instruction form; used when code generation declines a block. */
export function compileBlockClosures(nodes: Node[], env: CompileEnv): Block {
  const fns: Block[] = [];
  // Constant output (text, literal-character tags) between instructions is joined into one
  // append; comments produce nothing and do not break a run.
  let pending: string | null = null;
  const flush = () => {
    if (pending !== null) {
      const text = pending;
      fns.push((st) => st.append(text));
      pending = null;
    }
  };
  for (const node of nodes) {
    const constant = constantText(node);
    if (constant !== undefined) {
      pending = (pending ?? '') + constant;
      continue;
    }
    if (node.type === 'comment') continue;
    if (node.type === 'variable') {
      // The text before a variable is written by the variable's own closure: half the calls.
      fns.push(compileVariable(node.refs, bind(node.formatters, env), env.source, node.pos, pending ?? ''));
      pending = null;
      continue;
    }
    flush();
    const fn = compileNode(node, env);
    if (fn !== null) fns.push(fn);
  }
  flush();
  const n = fns.length;
  if (n === 0) return NOOP;
  // The instruction budget is charged per block run (its instruction count), not per call.
  if (n === 1) {
    const f = fns[0] as Block;
    return (st) => {
      st.steps += 1;
      if (st.steps > st.checkAt) st.checkpoint();
      f(st);
    };
  }
  return (st) => {
    st.steps += n;
    if (st.steps > st.checkAt) st.checkpoint();
    for (let i = 0; i < n; i++) (fns[i] as Block)(st);
  };
}

const ATOM_TEXT: Record<string, string> = {
  META_LEFT: '{',
  META_RIGHT: '}',
  NEWLINE: '\n',
  SPACE: ' ',
  TAB: '\t',
};

export function constantText(node: Node): string | undefined {
  if (node.type === 'text') return node.text;
  if (node.type === 'atom') return ATOM_TEXT[node.op];
  return undefined;
}

function compileAlt(alt: OrNode | null, env: CompileEnv): Block | null {
  if (alt === null) return null;
  const block = compileBlock(alt.block, env);
  if (alt.name === null) return block;
  return compileTest(alt.pos, alt.name, alt.args?.list ?? [], block, compileAlt(alt.alt, env), env);
}

function compileTest(
  pos: number,
  name: string,
  args: readonly string[],
  block: Block,
  alt: Block | null,
  env: CompileEnv,
): Block {
  const fn = env.registry.predicates.get(name);
  const source = env.source;
  return (st) => {
    st.source = source;
    st.pos = pos;
    if (testPredicate(st, fn, args)) block(st);
    else if (alt !== null) alt(st);
  };
}

export function compileNode(node: Node, env: CompileEnv): Block | null {
  const source = env.source;
  switch (node.type) {
    case 'text':
    case 'comment':
    case 'atom':
      // Constant output is handled by compileBlock; END/ALTERNATES_WITH never get here.
      return null;
    case 'variable':
      return compileVariable(node.refs, bind(node.formatters, env), source, node.pos, '');
    case 'bindvar': {
      const { name, refs, pos } = node;
      const fmts = bind(node.formatters, env);
      const ref0 = refs[0] as Path;
      return (st) => {
        let value = resolvePath(ref0, st.frame);
        if (fmts !== null) {
          st.source = source;
          st.pos = pos;
          const extra = refs.length > 1 ? refs.slice(1).map((r) => resolvePath(r, st.frame)) : NO_EXTRA;
          value = applyFormatters(st, st.ctx.forScope(st.frame), fmts, value, extra, 'BINDVAR');
        }
        st.frame.setVar(name, value);
      };
    }
    case 'ctxvar': {
      const { name, bindings } = node;
      return (st) => {
        const obj: Record<string, unknown> = {};
        for (const [key, ref] of bindings) obj[key] = resolvePath(ref, st.frame) ?? null;
        st.frame.setVar(name, obj);
      };
    }
    case 'inject': {
      const { name, path } = node;
      return (st) => st.frame.setVar(name, st.injectable(path));
    }
    case 'macro': {
      const { name } = node;
      const block = compileBlock(node.block, env);
      return (st) => {
        const frame = st.frame;
        if (frame.macros === null) frame.macros = new Map();
        frame.macros.set(name, block);
      };
    }
    case 'section': {
      const { ref } = node;
      const block = compileBlock(node.block, env);
      const alt = compileAlt(node.alt, env);
      return (st) => {
        const outer = st.frame;
        const value = resolveSection(ref, outer);
        st.frame = new Frame(value, outer);
        if (isTruthy(value)) block(st);
        else if (alt !== null) alt(st);
        st.frame = outer;
      };
    }
    case 'repeated':
      return compileRepeated(
        node.ref,
        compileBlock(node.block, env),
        compileAlt(node.alt, env),
        node.altWith,
        env,
      );
    case 'predicate':
      return compileTest(
        node.pos,
        node.name,
        node.args?.list ?? [],
        compileBlock(node.block, env),
        compileAlt(node.alt, env),
        env,
      );
    case 'or':
      // Only reachable for a stray {.or} the assembler rejected; it was reported there.
      return null;
    case 'if': {
      const { ops, refs } = node;
      const block = compileBlock(node.block, env);
      const alt = compileAlt(node.alt, env);
      return (st) => {
        let result = isTruthy(resolvePath(refs[0] as Path, st.frame));
        for (let i = 1; i < refs.length; i++) {
          const op = ops[i - 1];
          // Strictly left to right, no precedence, short-circuiting.
          if (op === 0 ? result : !result) break;
          result = isTruthy(resolvePath(refs[i] as Path, st.frame));
        }
        if (result) block(st);
        else if (alt !== null) alt(st);
      };
    }
    case 'eval':
      return compileEval(node.code, node.pos, env);
    case 'include': {
      const { name, pos } = node;
      const output = node.args.list.includes('output');
      return (st) => {
        st.source = source;
        st.pos = pos;
        const block = st.findPartial(name);
        if (block === undefined) {
          st.error('engine', 'PARTIAL_MISSING', messages.partialMissing(name));
          return;
        }
        if (!st.enterPartial(name)) return;
        const savedSource = st.source;
        try {
          if (output) block(st);
          else st.capture(() => block(st));
        } finally {
          st.depth--;
          st.source = savedSource;
        }
      };
    }
  }
}

export function compileVariable(
  refs: Path[],
  fmts: BoundFormatter[] | null,
  source: SourceInfo,
  pos: number,
  prefix: string,
): Block {
  const ref0 = refs[0] as Path;
  if (fmts === null) {
    if (prefix === '') return (st) => st.append(emitText(resolvePath(ref0, st.frame)));
    return (st) => st.append(prefix + emitText(resolvePath(ref0, st.frame)));
  }
  const streamed = refs.length === 1 ? streamedApply(fmts) : undefined;
  if (streamed !== undefined) {
    return (st) => {
      if (prefix !== '') st.append(prefix);
      const outer = st.frame;
      const value = resolvePath(ref0, outer);
      st.source = source;
      st.pos = pos;
      streamApply(st, st.ctx.forValue(outer, value), value, streamed);
    };
  }
  return (st) => {
    if (prefix !== '') st.append(prefix);
    const outer = st.frame;
    const value = resolvePath(ref0, outer);
    const extra = refs.length > 1 ? refs.slice(1).map((r) => resolvePath(r, outer)) : NO_EXTRA;
    st.source = source;
    st.pos = pos;
    // Formatters see the value as the current node, with the tag's scope as its parent.
    const result = applyFormatters(st, st.ctx.forValue(outer, value), fmts, value, extra, 'VARIABLE');
    st.append(emitText(result));
  };
}

function compileRepeated(
  ref: Path,
  block: Block,
  alt: Block | null,
  altWithNodes: Node[],
  env: CompileEnv,
): Block {
  const altWith = altWithNodes.length ? compileBlock(altWithNodes, env) : null;
  return (st) => {
    const outer = st.frame;
    const value = resolveSection(ref, outer);
    if (!Array.isArray(value) || value.length === 0) {
      if (alt !== null) alt(st);
      return;
    }
    const rf = new Frame(value, outer);
    const last = value.length - 1;
    for (let i = 0; i <= last; i++) {
      st.tick();
      rf.index = i;
      st.frame = new Frame(value[i], rf);
      block(st);
      if (altWith !== null && i < last) altWith(st);
    }
    st.frame = outer;
  };
}
