import { compileRoot } from './compiler/compile-block';
import { type TemplateError, makeError, messages } from './errors';
import { type Limits, type RenderBudget, defaultLimits } from './limits';
import { type Ast, encodeRoot } from './parser/encode-ast';
import type { Node } from './parser/nodes';
import { parseTemplate } from './parser/parse-template';
import type { TemplatePlugin } from './plugin-api';
import { builtinPlugins } from './plugins/builtins';
import { Registry } from './registry';
import { ByteSink } from './runtime/byte-sink';
import type { Block } from './runtime/frame';
import { RenderAbort, RenderState } from './runtime/render-state';

export interface EngineOptions {
  /** Plugins to register; defaults to every built-in family. Pass `[...builtinPlugins, mine]` to extend. */
  readonly plugins?: readonly TemplatePlugin[];
  readonly limits?: Partial<Limits>;
  /**
   * Compile blocks to generated JavaScript functions (default true). `false` uses closures
   * only, e.g. where a content security policy forbids `new Function`.
   */
  readonly codegen?: boolean;
}

export interface RenderOptions {
  /** BCP-47 tag; `null` means no locale data. Default `en-US`. */
  readonly locale?: string | null;
  /** "Now" in epoch ms; default the real clock. */
  readonly now?: number;
  /** Injectable path → file contents (JSON text) for `{.inject}`. */
  readonly inject?: Readonly<Record<string, string>>;
  /** Extra partials (name → source) for this render; compiled once and cached. */
  readonly partials?: Readonly<Record<string, string>>;
  /** Runtime errors are pushed here when given. */
  readonly errors?: TemplateError[];
  /**
   * Per-render overrides of the engine's limits (deadline, steps, output, string length);
   * a render that exceeds one stops with a budget error (see `budgetError`).
   */
  readonly budget?: RenderBudget;
}

export interface Template {
  /** Render against JSON data. Never throws on bad data; errors go to `options.errors`. */
  render(data: unknown, options?: RenderOptions): string;
  /**
   * The UTF-8 bytes of what `render` returns (same errors), for a server writing the page:
   * cheaper than `Buffer.from(render(...))`, since the output is encoded in chunks as it is
   * produced instead of being built as one large string first.
   */
  renderBytes(data: unknown, options?: RenderOptions): Buffer;
}

export interface CompileResult {
  readonly template: Template;
  /** Syntax errors of the template and its partials (each with line, column, frame). */
  readonly errors: TemplateError[];
}

export interface Engine {
  compile(source: string, options?: { partials?: Readonly<Record<string, string>> }): CompileResult;
  /** The instruction tree (FORMAT.md §2.2 encoding) plus syntax errors. */
  parse(source: string): { ast: Ast; errors: TemplateError[] };
}

/**
 * Create an engine: a registry of formatters/predicates plus limits. Compile a template
 * once, render it many times.
 *
 * @example
 * const engine = createEngine();
 * const { template, errors } = engine.compile('Hello {name|html}!');
 * template.render({ name: '<Ann>' }); // 'Hello &lt;Ann&gt;!'
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const registry = new Registry(options.plugins ?? builtinPlugins);
  const limits: Limits = { ...defaultLimits, ...options.limits };

  const parse = (
    source: string,
    name?: string,
  ): { nodes: Node[]; errors: TemplateError[]; block: () => Block } => {
    const parsed = parseTemplate(source, registry, name);
    let nodes = parsed.nodes;
    const errors = parsed.errors;
    // Walk the tree only when the template has enough blocks to nest that deep.
    if (parsed.blocks > limits.maxBlockNesting && maxNesting(nodes) > limits.maxBlockNesting) {
      errors.push(makeError('assembler', 'NESTING_LIMIT', messages.nestingLimit(limits.maxBlockNesting)));
      nodes = [];
    }
    const env = {
      registry,
      source: parsed.source,
      maxExprTokens: limits.maxExprTokens,
      maxStringLength: limits.maxStringLength,
      codegen: options.codegen !== false,
    };
    return { nodes, errors, block: () => compileRoot(nodes, env) };
  };

  return {
    parse(source) {
      const { nodes, errors } = parse(source);
      return { ast: encodeRoot(nodes), errors };
    },
    compile(source, compileOptions = {}) {
      const main = parse(source);
      const errors = [...main.errors];
      const compiled = new Map<string, Block>();
      for (const [name, text] of Object.entries(compileOptions.partials ?? {})) {
        const p = parse(text, name);
        errors.push(...p.errors);
        compiled.set(name, p.errors.length ? () => {} : p.block());
      }
      const root = main.block();
      // Render-time partials: compiled on first use, keyed by name and source text.
      const extra = new Map<string, { text: string; block: Block; errors: TemplateError[] }>();
      const lookupExtra = (name: string, text: string): { block: Block; errors: TemplateError[] } => {
        const hit = extra.get(name);
        if (hit !== undefined && hit.text === text) return hit;
        const p = parse(text, name);
        const entry = { text, block: p.errors.length ? () => {} : p.block(), errors: p.errors };
        if (extra.size < 1000) extra.set(name, entry);
        return entry;
      };
      const run = (data: unknown, opts: RenderOptions, sink: ByteSink | null): RenderState => {
        const renderPartials = opts.partials;
        const st = new RenderState(
          data,
          opts.budget === undefined ? limits : { ...limits, ...opts.budget },
          opts.locale === undefined ? 'en-US' : opts.locale,
          opts.now ?? Date.now(),
          opts.inject,
          (name, state) => {
            if (renderPartials !== undefined && Object.hasOwn(renderPartials, name)) {
              const entry = lookupExtra(name, renderPartials[name] as string);
              for (const e of entry.errors) {
                state.error('engine', 'PARTIAL_PARSE_FAIL', messages.partialParseFail(name, e.message));
              }
              return entry.block;
            }
            return compiled.get(name);
          },
        );
        if (sink !== null) st.renderToBytes(sink);
        try {
          root(st);
        } catch (e) {
          if (!(e instanceof RenderAbort)) {
            const err = e instanceof Error ? e : new Error(String(e));
            st.error('engine', 'ENGINE_ERROR', messages.unexpected(err.name, 'ROOT', err.message));
          }
        }
        if (opts.errors !== undefined) opts.errors.push(...st.errors);
        return st;
      };
      const template: Template = {
        render(data, opts = {}) {
          return run(data, opts, null).out;
        },
        renderBytes(data, opts = {}) {
          const sink = new ByteSink();
          try {
            run(data, opts, sink).finishBytes();
            return sink.finish();
          } finally {
            sink.release();
          }
        },
      };
      return { template, errors };
    },
  };
}

function maxNesting(nodes: Node[]): number {
  // Iterative so a hostile template cannot overflow the stack here.
  let max = 0;
  const todo: [Node[], number][] = [[nodes, 0]];
  while (todo.length) {
    const [list, depth] = todo.pop() as [Node[], number];
    if (depth > max) max = depth;
    for (const n of list) {
      if ('block' in n) todo.push([n.block, depth + 1]);
      if ('alt' in n && n.alt !== null) todo.push([[n.alt], depth + 1]);
      if (n.type === 'repeated') todo.push([n.altWith, depth + 1]);
    }
  }
  return max;
}
