import type { RenderContext } from '../plugin-api';

/**
 * A RenderContext for unit-testing formatters and predicates without the executor:
 * references resolve against `node` first, then `root`.
 */
export function fakeContext(options: {
  node?: unknown;
  root?: unknown;
  locale?: string | null;
  now?: number;
  index?: number;
  timeZone?: string;
}): RenderContext & { errors: string[] } {
  const errors: string[] = [];
  const root = options.root ?? options.node;
  const node = options.node ?? root;
  const lookup = (start: unknown, path: readonly (string | number)[]): unknown => {
    let cur: unknown = start;
    for (const seg of path) {
      if (cur === null || typeof cur !== 'object') return undefined;
      cur = (cur as Record<string | number, unknown>)[seg];
    }
    return cur;
  };
  return {
    node,
    locale: options.locale === undefined ? 'en-US' : options.locale,
    now: options.now ?? Date.now(),
    index: options.index ?? 0,
    timeZone: options.timeZone ?? 'America/New_York',
    errors,
    resolve(ref) {
      const path = typeof ref === 'string' ? (ref === '@' ? [] : ref.split('.')) : ref;
      if (path.length === 0) return node;
      const first = lookup(node, path.slice(0, 1));
      if (first !== undefined) return lookup(node, path);
      return lookup(root, path);
    },
    error(message) {
      errors.push(message);
    },
  };
}
