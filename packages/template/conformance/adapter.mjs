// Conformance adapter (shared/conformance/FORMAT.md §4). Loads the TypeScript source through
// tsx's API so it runs right after `npm install`, also inside the harness's worker threads.
import { tsImport } from 'tsx/esm/api';

const { createEngine } = await tsImport('../src/index.ts', import.meta.url);

const engine = createEngine();
export const name = '@store/template';
export const version = '0.1.0';

const messageOf = (e) => `${e.message}${e.line ? ` (${e.partial ?? 'template'}:${e.line}:${e.column})` : ''}`;

/** Parse once; returns a handle for execute(). */
export function compile(template, partials, _options = {}) {
  const { template: compiled, errors } = engine.compile(template, { partials: partials ?? {} });
  return { compiled, parseErrors: errors.map(messageOf) };
}

/** Render a compiled handle (synchronous, for the benchmark). */
export function execute(handle, json, { locale, now, inject, errors } = {}) {
  const runtime = [];
  const out = handle.compiled.render(json, {
    locale: locale === undefined ? 'en' : locale,
    ...(now === undefined ? {} : { now }),
    ...(inject ? { inject } : {}),
    errors: runtime,
  });
  if (Array.isArray(errors)) for (const e of runtime) errors.push(messageOf(e));
  return out;
}

export async function render(input) {
  const handle = compile(input.template, input.partials);
  const errors = [];
  const output = execute(handle, input.json, {
    locale: input.locale,
    now: input.now,
    inject: input.inject,
    errors,
  });
  return { output, parseErrors: handle.parseErrors, errors };
}

export async function parse(template) {
  const { ast, errors } = engine.parse(template);
  if (errors.length) throw new Error(errors.map(messageOf).join('; '));
  return ast;
}
