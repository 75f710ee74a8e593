/**
 * Public entry of the JSON-T compatible template engine.
 *
 * @example
 * import { createEngine } from '@store/template';
 * const { template, errors } = createEngine().compile('{.section user}Hi {name}{.end}');
 * template.render({ user: { name: 'Ann' } }); // 'Hi Ann'
 */
export { createEngine } from './engine';
export type { CompileResult, Engine, EngineOptions, RenderOptions, Template } from './engine';
export type { TemplateError, TemplateErrorCode, TemplateErrorType } from './errors';
export { BUDGET_ERROR_CODES, budgetError, errorCodeDocs } from './errors';
export type { Limits, RenderBudget } from './limits';
export { defaultLimits } from './limits';
export type { Ast } from './parser/encode-ast';
export type { Formatter, Predicate, Reference, RenderContext, TemplatePlugin } from './plugin-api';
export { builtinPlugins } from './plugins/builtins';
export { parse } from './parse';
