import type { Predicate } from '../plugin-api';
import { type BoundFormatter, LARGE, checkLarge, formatterFailed, predicateFailed } from './plugin-calls';

/**
 * Generated source for plugin calls. `applyFormatters` and `testPredicate` call every
 * formatter and predicate of a page from one site, which V8 sees as megamorphic and never
 * inlines. Written out in the generated block, each tag's call has a single target (a
 * `const` of the block's factory), so small formatters such as `pluralize` or `slugify`
 * get inlined. The checks are the same: memory bound and clock on large values before
 * each formatter and after the last, errors recorded the same way.
 */

export const CALL_HELPER_NAMES: readonly string[] = ['CL', 'FE', 'PE'];
export const CALL_HELPERS: readonly unknown[] = [checkLarge, formatterFailed, predicateFailed];

/** `checkLarge(st, v)`, called only when `v` is a string or array that may be large (it checks again). */
const large = (v: string) =>
  `if ((typeof ${v} === 'string' || Array.isArray(${v})) && ${v}.length >= ${LARGE}) CL(st, ${v});`;

/** Hoists a constant into a `const` of the factory and returns its name. */
export type Hoist = (value: unknown) => string;

/**
 * Statements declaring `out` as the result of `fmts` applied to `input` (a variable), with
 * `ctx` (an expression) as the RenderContext, like `applyFormatters` does.
 */
export function formatterChainCode(
  out: string,
  input: string,
  ctx: string,
  extra: string,
  fmts: readonly BoundFormatter[],
  hoist: Hoist,
  op: string,
): string {
  let code = `let ${out} = ${input};\ntry {\nconst ${out}c = ${ctx};\n`;
  for (const f of fmts) {
    code += `${large(out)} ${out} = ${hoist(f.fn)}(${out}, ${hoist(f.args)}, ${out}c, ${extra});\n`;
  }
  return `${code}${large(out)}\n} catch (e) { ${out} = FE(st, e, ${JSON.stringify(op)}); }`;
}

/** Statements declaring `out` as the predicate's result on the current scope, like `testPredicate`. */
export function predicateCode(
  out: string,
  fn: Predicate | undefined,
  args: readonly string[],
  hoist: Hoist,
): string {
  if (fn === undefined) return `const ${out} = false;`;
  return `let ${out};\ntry { ${out} = ${hoist(fn)}(${hoist(args)}, st.ctx.forScope(st.frame)) === true; } catch (e) { ${out} = PE(st, e); }`;
}
