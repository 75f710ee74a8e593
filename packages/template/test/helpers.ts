import { type RenderOptions, type TemplateError, createEngine } from '../src/index';

export const engine = createEngine();
/** The same engine without code generation: every language test also runs on closures. */
export const closureEngine = createEngine({ codegen: false });

/** Compile (asserting no syntax errors) and render; returns output and runtime errors. */
export function run(
  source: string,
  data: unknown = {},
  options: RenderOptions & { compilePartials?: Record<string, string> } = {},
): { out: string; errors: TemplateError[] } {
  const compiled = engine.compile(source, { partials: options.compilePartials ?? {} });
  const { errors } = compiled;
  if (errors.length) throw new Error(`unexpected syntax errors: ${errors.map((e) => e.message).join('; ')}`);
  const runtime: TemplateError[] = [];
  const out = compiled.template.render(data, { ...options, errors: runtime });
  // Both compilation strategies must agree on output and errors.
  const viaClosures: TemplateError[] = [];
  const closureOut = closureEngine
    .compile(source, { partials: options.compilePartials ?? {} })
    .template.render(data, { ...options, errors: viaClosures });
  if (closureOut !== out || viaClosures.length !== runtime.length) {
    throw new Error(
      `closure and generated code disagree: ${JSON.stringify(closureOut)} vs ${JSON.stringify(out)}`,
    );
  }
  return { out, errors: runtime };
}

export const render = (source: string, data: unknown = {}, options: RenderOptions = {}) =>
  run(source, data, options).out;
