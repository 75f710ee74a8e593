import { messages } from '../errors';
import type { Formatter, Predicate } from '../plugin-api';
import type { FormatterCall } from '../parser/nodes';
import { type ApplyCall, applyCall, coreFormatters } from '../plugins/core/formatters';
import type { PluginContext } from '../runtime/plugin-context';
import { RenderAbort, type RenderState } from '../runtime/render-state';
import type { CompileEnv } from './compile-block';

/** Calls into plugins: formatters and predicates bound at compile time, run safely at render time. */

export interface BoundFormatter {
  readonly fn: Formatter;
  readonly args: readonly string[];
  readonly name: string;
}

export const NO_EXTRA: readonly unknown[] = Object.freeze([]);

export function bind(calls: FormatterCall[] | null, env: CompileEnv): BoundFormatter[] | null {
  if (calls === null) return null;
  return calls.map((c) => ({
    fn: env.registry.formatters.get(c.name) as Formatter,
    args: c.args?.list ?? [],
    name: c.name,
  }));
}

function unexpected(
  st: RenderState,
  e: unknown,
  op: string,
  code: 'FORMATTER_ERROR' | 'PREDICATE_ERROR',
): void {
  if (e instanceof RenderAbort) throw e;
  const err = e instanceof Error ? e : new Error(String(e));
  st.error('engine', code, messages.unexpected(err.name, op, err.message));
}

/** Values at least this large (string length, array size) get the memory and clock checks. */
export const LARGE = 4096;

/** Memory bound and deadline around formatters: checked on large inputs and outputs only. */
export function checkLarge(st: RenderState, v: unknown): void {
  if (typeof v === 'string') {
    if (v.length >= LARGE) st.largeValue(v.length, true);
  } else if (Array.isArray(v) && v.length >= LARGE) st.largeValue(v.length, false);
}

/** Apply formatters left to right; `ctx` was aimed at the tag by the caller. */
export function applyFormatters(
  st: RenderState,
  ctx: PluginContext,
  fmts: BoundFormatter[],
  value: unknown,
  extra: readonly unknown[],
  op: string,
): unknown {
  let v = value;
  try {
    for (let i = 0; i < fmts.length; i++) {
      const f = fmts[i] as BoundFormatter;
      checkLarge(st, v);
      // Called without a receiver, as generated code calls it.
      const fn = f.fn;
      v = fn(v, f.args, ctx, extra);
    }
    checkLarge(st, v);
    return v;
  } catch (e) {
    unexpected(st, e, op, 'FORMATTER_ERROR');
    return undefined;
  }
}

/** A formatter threw: record it (a budget stop keeps unwinding); the tag's value is missing. */
export function formatterFailed(st: RenderState, e: unknown, op: string): undefined {
  unexpected(st, e, op, 'FORMATTER_ERROR');
  return undefined;
}

/** A predicate threw: record it (a budget stop keeps unwinding); the test is false. */
export function predicateFailed(st: RenderState, e: unknown): boolean {
  unexpected(st, e, 'PREDICATE', 'PREDICATE_ERROR');
  return false;
}

export function testPredicate(st: RenderState, fn: Predicate | undefined, args: readonly string[]): boolean {
  if (fn === undefined) return false;
  try {
    return fn(args, st.ctx.forScope(st.frame)) === true;
  } catch (e) {
    unexpected(st, e, 'PREDICATE', 'PREDICATE_ERROR');
    return false;
  }
}

/**
 * A tag whose only formatter is the built-in `apply` writes the partial straight to the
 * output (as `.include` does) instead of returning its text to be appended: the same text,
 * without one more string the size of the partial. Returns what to render (null: nothing,
 * e.g. no partial name), or undefined when the tag is not such a tag.
 */
export function streamedApply(fmts: readonly BoundFormatter[] | null): ApplyCall | null | undefined {
  if (fmts === null || fmts.length !== 1) return undefined;
  const f = fmts[0] as BoundFormatter;
  return f.fn === coreFormatters.apply ? applyCall(f.args) : undefined;
}

/** Run a streamed `apply` on `value` (ctx aimed at the tag), with the checks `applyFormatters` makes. */
export function streamApply(
  st: RenderState,
  ctx: PluginContext,
  value: unknown,
  call: ApplyCall | null,
): void {
  try {
    checkLarge(st, value);
    if (call !== null) ctx.renderPartial(call.name, value, call.options, true);
  } catch (e) {
    unexpected(st, e, 'VARIABLE', 'FORMATTER_ERROR');
  }
}
