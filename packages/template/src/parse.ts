import { createEngine } from './engine';
import type { Ast } from './parser/encode-ast';
import type { TemplatePlugin } from './plugin-api';
import type { TemplateError } from './errors';

/**
 * Parse a template into the JSON-T instruction tree (FORMAT.md §2.2 encoding).
 *
 * @example
 * parse('{a|html}').ast; // [17, 1, [[1, [['a']], [['html']]]], 18]
 */
export function parse(
  source: string,
  plugins?: readonly TemplatePlugin[],
): { ast: Ast; errors: TemplateError[] } {
  return createEngine(plugins ? { plugins } : {}).parse(source);
}
