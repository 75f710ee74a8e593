import type { FormatterCall, Node, OrNode, Path } from '../parser/nodes';
import { type Block, Frame, resolvePath, resolveSection } from '../runtime/frame';
import { isTruthy } from '../values';
import { type CompileEnv, compileNode, compileVariable, constantText } from './compile-block';
import { type BoundFormatter, NO_EXTRA, bind, streamApply, streamedApply } from './plugin-calls';
import { CALL_HELPERS, CALL_HELPER_NAMES, formatterChainCode, predicateCode } from './emit-calls';
import { emitText } from './emit';
import {
  LOOKUP_HELPERS,
  LOOKUP_HELPER_NAMES,
  LOOKUP_TEMPS,
  lookupCode,
  sectionLookupCode,
} from './emit-lookup';
import { coreFormatters } from '../plugins/core/formatters';
import { escapeHtmlFrom, firstSpecial } from '../values';

/**
 * Escaping formatters inlined for short strings (the common case of a theme): the same
 * function the formatter calls, without the plugin-call machinery. Only when the registry
 * holds the built-in function, so a plugin that replaces `html` is still called.
 */
const INLINE_ESCAPES = new Map<unknown, boolean>([
  [coreFormatters.html, false],
  [coreFormatters.htmlattr, true],
]);
/**
 * Inlined below this input length: escaping grows text at most 6x (`"` → `&quot;`), so the
 * output stays under the size at which formatter values get the memory and clock checks.
 */
const INLINE_MAX = 682;

/** Above this much generated source a block falls back to closures (V8 optimizes small functions best). */
const MAX_SOURCE = 40_000;

/**
 * Compile a block, with its sections, repeated sections, predicates and ifs inlined, into
 * the source of one JavaScript function. This removes a closure call per instruction: the
 * structural part of a render becomes straight-line code. Leaf instructions that call
 * plugins (formatted variables, .eval, .include, ...) stay closures from compile-block.
 * Only constants go through `K`; template text never becomes code (JSON-escaped literals).
 * Returns null when the block is too large, so the caller uses closures instead.
 */
/**
 * `st.append(expr)` written out: V8 stops inlining calls into a large generated function
 * once its inlining budget is spent, and appends are the most frequent call.
 */
const app = (expr: string) =>
  `{ const $o = st.out + (${expr}); st.out = $o; if ($o.length > st.appendLimit) st.full(); }`;

/** Any character a one-byte (Latin-1 or narrower) ASCII string cannot hold. */
const NON_ASCII = /[^\x00-\x7f]/;

/** Appending constant text: `appendWide` when it is not ASCII (see RenderState). */
const appText = (text: string) =>
  NON_ASCII.test(text) ? `st.appendWide(${JSON.stringify(text)});` : app(JSON.stringify(text));

/** `T(expr)` (truthiness), with booleans passed through inline. */
const truthyCode = (expr: string) => `(typeof ($t = ${expr}) === 'boolean' ? $t : T($t))`;

/** `E(expr)` (what `{x}` writes), with strings, the common case, passed through inline. */
const emitCode = (expr: string) => `(typeof ($e = ${expr}) === 'string' ? $e : E($e))`;

export function generateBlock(nodes: Node[], env: CompileEnv): Block | null {
  const consts: unknown[] = [];
  const k = (value: unknown) => `K[${consts.push(value) - 1}]`;
  let ids = 0;

  const block = (list: Node[]): string => {
    const stmts: string[] = [];
    let count = 0;
    let pending: string | null = null;
    const flush = () => {
      if (pending !== null) {
        count++;
        stmts.push(appText(pending));
        pending = null;
      }
    };
    for (const node of list) {
      const constant = constantText(node);
      if (constant !== undefined) {
        pending = (pending ?? '') + constant;
        continue;
      }
      if (node.type === 'comment') continue;
      count++;
      if (node.type === 'variable') {
        let prefix = pending ?? '';
        pending = null;
        const streamed = node.refs.length === 1 ? streamedApply(bind(node.formatters, env)) : undefined;
        // Text before a streamed partial, or with non-ASCII characters, is appended on its own.
        if (prefix !== '' && (streamed !== undefined || NON_ASCII.test(prefix))) {
          stmts.push(appText(prefix));
          prefix = '';
        }
        if (streamed !== undefined) {
          const v = `v${ids++}`;
          stmts.push(
            `{ const ${v} = ${resolve(node.refs[0] as Path)}; st.source = ${source}; st.pos = ${node.pos};
SA(st, st.ctx.forValue(st.frame, ${v}), ${v}, ${k(streamed)}); }`,
          );
        } else if (node.formatters === null) {
          const value = emitCode(resolve(node.refs[0] as Path));
          stmts.push(app(prefix === '' ? value : `${JSON.stringify(prefix)} + ${value}`));
        } else if (
          node.refs.length === 1 &&
          node.formatters.length === 1 &&
          INLINE_ESCAPES.has(env.registry.formatters.get((node.formatters[0] as { name: string }).name))
        ) {
          const attr = INLINE_ESCAPES.get(
            env.registry.formatters.get((node.formatters[0] as { name: string }).name),
          );
          const v = `v${ids++}`;
          const text = prefix === '' ? '' : `${JSON.stringify(prefix)} + `;
          stmts.push(
            `{ const ${v} = ${resolve(node.refs[0] as Path)};
if (typeof ${v} === 'string' && ${v}.length < ${INLINE_MAX}) ${app(`${text}(($s = FS(${v}, ${attr})) === -1 ? ${v} : H(${v}, ${attr}, $s))`)}
else { ${formatted(v, node.formatters, node.pos)}
${app(`${text}(typeof ${v}f === 'string' ? ${v}f : E(${v}f))`)} } }`,
          );
        } else if (node.refs.length === 1) {
          // Formatted variable inline: the formatted value is the current node for the plugins.
          const v = `v${ids++}`;
          const text = prefix === '' ? '' : `${JSON.stringify(prefix)} + `;
          stmts.push(
            `{ const ${v} = ${resolve(node.refs[0] as Path)}; ${formatted(v, node.formatters, node.pos)}
${app(`${text}(typeof ${v}f === 'string' ? ${v}f : E(${v}f))`)} }`,
          );
        } else {
          stmts.push(
            `${k(compileVariable(node.refs, bind(node.formatters, env), env.source, node.pos, prefix))}(st);`,
          );
        }
        continue;
      }
      const text = pending;
      pending = null;
      if (text !== null) {
        count++;
        stmts.push(appText(text));
      }
      stmts.push(instruction(node));
    }
    flush();
    if (count === 0) return '';
    return `st.steps += ${count}; if (st.steps > st.checkAt) st.checkpoint();\n${stmts.join('\n')}`;
  };

  const resolve = (path: Path) => lookupCode(path, 'st.frame', k) ?? `R(${k(path)}, st.frame)`;
  const section = (path: Path, frame: string) =>
    sectionLookupCode(path, frame, k) ?? `RS(${k(path)}, ${frame})`;

  // Constants the block calls (formatters, predicates, their arguments) become `const`s of
  // the factory, so each call site has one known target.
  const hoisted: string[] = [];
  const hoist = (value: unknown) => {
    const name = `$h${hoisted.length}`;
    hoisted.push(`const ${name} = ${k(value)};`);
    return name;
  };
  const source = k(env.source);

  /** Statements declaring `${v}f`: the formatters of a variable tag applied to `v`. */
  const formatted = (v: string, calls: FormatterCall[], pos: number) =>
    `st.source = ${source}; st.pos = ${pos};\n${formatterChainCode(
      `${v}f`,
      v,
      `st.ctx.forValue(st.frame, ${v})`,
      'NX',
      bind(calls, env) as BoundFormatter[],
      hoist,
      'VARIABLE',
    )}`;

  /** A predicate test choosing between `then` and `otherwise` (code). */
  const test = (name: string, args: readonly string[], pos: number, then: string, otherwise: string) => {
    const p = `p${ids++}`;
    const call = predicateCode(p, env.registry.predicates.get(name), args, hoist);
    return `{ st.source = ${source}; st.pos = ${pos};\n${call}\nif (${p}) {\n${then}\n} else {\n${otherwise}\n} }`;
  };

  const alternate = (alt: OrNode | null): string => {
    if (alt === null) return '';
    if (alt.name === null) return block(alt.block);
    return test(alt.name, alt.args?.list ?? [], alt.pos, block(alt.block), alternate(alt.alt));
  };

  const instruction = (node: Node): string => {
    const id = ids++;
    switch (node.type) {
      case 'section':
        return `{ const o${id} = st.frame; const v${id} = ${section(node.ref, `o${id}`)}; st.frame = new F(v${id}, o${id});
if (${truthyCode(`v${id}`)}) {\n${block(node.block)}\n} else {\n${alternate(node.alt)}\n}
st.frame = o${id}; }`;
      case 'repeated': {
        const altWith = node.altWith.length ? `if (i${id} < l${id}) {\n${block(node.altWith)}\n}` : '';
        return `{ const o${id} = st.frame; const v${id} = ${section(node.ref, `o${id}`)};
if (Array.isArray(v${id}) && v${id}.length > 0) {
  const r${id} = new F(v${id}, o${id}); const l${id} = v${id}.length - 1;
  for (let i${id} = 0; i${id} <= l${id}; i${id}++) {
    st.steps += 1; if (st.steps > st.checkAt) st.checkpoint();
    r${id}.index = i${id}; st.frame = new F(v${id}[i${id}], r${id});
${block(node.block)}
${altWith}
  }
  st.frame = o${id};
} else {\n${alternate(node.alt)}\n} }`;
      }
      case 'predicate':
        return test(node.name, node.args?.list ?? [], node.pos, block(node.block), alternate(node.alt));
      case 'if': {
        // Left to right, no precedence; stop at the first operator that decides the result.
        const refs = node.refs;
        let code = `let r${id} = ${truthyCode(resolve(refs[0] as Path))};\nL${id}: {\n`;
        for (let i = 1; i < refs.length; i++) {
          code += `if (${node.ops[i - 1] === 0 ? '' : '!'}r${id}) break L${id};\nr${id} = ${truthyCode(resolve(refs[i] as Path))};\n`;
        }
        return `{ ${code}}\nif (r${id}) {\n${block(node.block)}\n} else {\n${alternate(node.alt)}\n} }`;
      }
      case 'bindvar':
        // `.var @x ref` without formatters: one lookup and a store, no closure call.
        if (node.formatters === null) {
          return `st.frame.setVar(${JSON.stringify(node.name)}, ${resolve(node.refs[0] as Path)});`;
        }
        return `${k(compileNode(node, env))}(st);`;
      default: {
        const fn = compileNode(node, env);
        return fn === null ? '' : `${k(fn)}(st);`;
      }
    }
  };

  const body = block(nodes);
  if (body.length + hoisted.length * 24 > MAX_SOURCE) return null;
  let make: (...helpers: unknown[]) => Block;
  try {
    make = new Function(
      'K',
      'F',
      'R',
      'RS',
      'T',
      'E',
      'NX',
      'H',
      'FS',
      'SA',
      ...LOOKUP_HELPER_NAMES,
      ...CALL_HELPER_NAMES,
      `"use strict";\n${hoisted.join('\n')}\nreturn function block(st) {\n${LOOKUP_TEMPS} let $e, $t, $s;\n${body}\n};`,
    ) as (...helpers: unknown[]) => Block;
  } catch {
    // Code generation unavailable (e.g. a CSP without 'unsafe-eval'): use closures.
    return null;
  }
  return make(
    consts,
    Frame,
    resolvePath,
    resolveSection,
    isTruthy,
    emitText,
    NO_EXTRA,
    escapeHtmlFrom,
    firstSpecial,
    streamApply,
    ...LOOKUP_HELPERS,
    ...CALL_HELPERS,
  );
}
