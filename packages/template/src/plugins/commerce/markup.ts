import { escapeHtml, outputText, toStr } from '../../values';

/** `{x}`: what a variable tag prints. */
export const out = (value: unknown): string => outputText(value);

/** `{x|htmltag}` / `{x|htmlattr}`: escape & < > " of the string form. */
export const attr = (value: unknown): string => escapeHtml(toStr(value), true);

/** `{x|json}`: compact JSON with `</` broken up; missing gives ''. */
export function json(value: unknown): string {
  if (value === undefined) return '';
  return (JSON.stringify(value) ?? '').replace(/<\//g, '<\\/');
}

/** `{x|count}`: keys of an object, length of an array or string, else 0. */
export function count(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  if (value !== null && typeof value === 'object') return Object.keys(value).length;
  return 0;
}
