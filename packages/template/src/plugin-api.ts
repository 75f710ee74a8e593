/**
 * The public plugin API of the template engine. Built-in formatters and predicates
 * register through exactly this interface, as a theme developer's own would.
 *
 * Values: the context is a JSON value. A failed lookup yields `undefined` ("missing"),
 * which is distinct from `null`.
 *
 * @example
 * const shout: TemplatePlugin = {
 *   name: 'shout',
 *   formatters: { shout: (value) => String(value).toUpperCase() },
 *   predicates: { 'loud?': (_args, ctx) => ctx.resolve('volume') === 11 },
 * };
 * const engine = createEngine({ plugins: [shout] });
 */

/** A variable reference: a dotted string (`a.b.0`) or a pre-split path (`['a','b',0]`). */
export type Reference = string | readonly (string | number)[];

/** What a formatter or predicate sees of the render in progress. */
export interface RenderContext {
  /** The current node (`@`): the innermost section/repeated-section value. */
  readonly node: unknown;
  /** BCP-47 locale tag, or `null` when no locale data is available ("none"). */
  readonly locale: string | null;
  /** "Now" in epoch milliseconds (fixed per render for reproducible output). */
  readonly now: number;
  /** `@index` (1-based) of the innermost repeated section; 0 outside any. */
  readonly index: number;
  /** The site time zone: `website.timeZone` found in the data, else America/New_York. */
  readonly timeZone: string;
  /** Resolve a reference from the current scope outward, exactly as `{ref}` would. */
  resolve(ref: Reference): unknown;
  /** Record an engine error (rendering continues). */
  error(message: string): void;
  /**
   * Render a macro or partial with `node` as its current node and return its output
   * (what `apply` does). `private` stops variable lookup at the partial's scope; `args`
   * becomes `@args`. Optional so hand-made contexts in tests stay valid; the engine
   * always provides it.
   */
  renderPartial?(
    name: string,
    node: unknown,
    options?: { private?: boolean; args?: Record<string, string> },
  ): string;
  /**
   * Resolve a reference from the scope enclosing the tag, skipping the value being
   * formatted (what `format` needs). Optional; falls back to `resolve` when absent.
   */
  resolveInScope?(ref: Reference): unknown;
}

/**
 * A formatter: receives the value (the resolved variable, or the previous formatter's
 * result), its arguments (split on the delimiter that followed the name), the render
 * context, and any extra comma-separated variables of the tag (`{a, b|f}` → extra=[b]).
 * Returns the new value; `undefined` means missing (prints nothing).
 */
export type Formatter = (
  value: unknown,
  args: readonly string[],
  ctx: RenderContext,
  extra: readonly unknown[],
) => unknown;

/** A predicate: `{.name? args}`; without args it usually tests `ctx.node`. */
export type Predicate = (args: readonly string[], ctx: RenderContext) => boolean;

/** A named bundle of formatters and predicates. Predicate keys end in `?`. */
export interface TemplatePlugin {
  readonly name: string;
  readonly formatters?: Readonly<Record<string, Formatter>>;
  readonly predicates?: Readonly<Record<string, Predicate>>;
}
