import type { RenderContext } from '../../plugin-api';

/** Descend from a value by path segments; missing (undefined) once a step fails. */
export function getPath(start: unknown, path: readonly (string | number)[]): unknown {
  let cur: unknown = start;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      const i = typeof seg === 'number' ? seg : /^\d+$/.test(seg) ? Number(seg) : Number.NaN;
      cur = Number.isInteger(i) ? cur[i] : undefined;
    } else {
      cur = Object.hasOwn(cur, seg) ? (cur as Record<string, unknown>)[seg] : undefined;
    }
  }
  return cur;
}

/**
 * The scopes of one of our HTML fragments, innermost first, in front of the render's own:
 * a dotted reference resolves its first segment in the nearest scope that has it (then in
 * the render context), exactly as a `{ref}` tag inside a nested template would.
 */
export class Scope {
  constructor(
    private readonly ctx: RenderContext,
    private readonly nodes: readonly unknown[],
  ) {}

  /** A scope with `node` pushed innermost. */
  push(node: unknown): Scope {
    return new Scope(this.ctx, [node, ...this.nodes]);
  }

  resolve(ref: string): unknown {
    const path = ref.split('.');
    const [key = '', ...rest] = path;
    for (const node of this.nodes) {
      // Our own scope objects may hold a key whose value is missing: the key still stops the walk.
      if (node !== null && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, key)) {
        return getPath((node as Record<string, unknown>)[key], rest);
      }
      const first = getPath(node, [key]);
      if (first !== undefined) return getPath(first, rest);
    }
    return this.ctx.resolve(path);
  }
}
