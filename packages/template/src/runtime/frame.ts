import type { Path } from '../parser/nodes';

/** A compiled block: runs against the render state, appending to its output. */
export type Block = (st: import('./render-state').RenderState) => void;

/**
 * One scope: the node of a section, a repeated-section element, a formatter's value or a
 * partial. Variables and macros live on the frame that defined them.
 */
export class Frame {
  /** 0-based position while this frame iterates a repeated section; -1 otherwise. */
  index = -1;
  /** Set by `apply ... private`: lookups do not continue past this frame. */
  stop = false;
  vars: Map<string, unknown> | null = null;
  macros: Map<string, Block> | null = null;

  constructor(
    readonly node: unknown,
    readonly parent: Frame | null,
  ) {}

  setVar(name: string, value: unknown): void {
    if (this.vars === null) this.vars = new Map();
    this.vars.set(name, value);
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

/** The value of one name on one frame: `@`, `@index`, `@var` or a property of the node. */
export function resolveName(name: string | number, frame: Frame): unknown {
  if (typeof name === 'string' && name.charCodeAt(0) === 64 /* @ */) {
    if (name === '@') return frame.node;
    if (name === '@index' || name === '@index0') {
      return frame.index === -1 ? undefined : frame.index + (name === '@index' ? 1 : 0);
    }
    return frame.vars === null ? undefined : frame.vars.get(name);
  }
  const node = frame.node;
  if (typeof node !== 'object' || node === null) return undefined;
  if (Array.isArray(node)) {
    if (typeof name === 'number') return node[name];
    return name === 'length' ? node.length : undefined;
  }
  const value = (node as Record<string, unknown>)[name];
  // JSON data holds no functions, so a function is an inherited method: not data. The one
  // inherited non-function (`__proto__`) cannot be spelled in a reference.
  return typeof value === 'function' ? undefined : value;
}

/** Descend by the remaining segments: own keys of objects, integer indexes of arrays. */
export function descend(start: unknown, path: Path, from: number): unknown {
  let cur = start;
  for (let i = from; i < path.length; i++) {
    if (cur === null || typeof cur !== 'object') return undefined;
    const key = path[i] as string | number;
    if (Array.isArray(cur)) {
      if (typeof key !== 'number') return undefined;
      cur = cur[key];
    } else {
      if (!hasOwn.call(cur, key)) return undefined;
      cur = (cur as Record<string, unknown>)[key];
    }
  }
  return cur;
}

/** Resolve a reference: the first segment walks up the scopes, the rest descends. */
export function resolvePath(path: Path, frame: Frame): unknown {
  if (path.length === 0) return undefined;
  const first = path[0] as string | number;
  let value: unknown;
  if (first === '@') value = frame.node;
  else {
    let f: Frame | null = frame;
    while (f !== null) {
      value = resolveName(first, f);
      if (value !== undefined || f.stop) break;
      f = f.parent;
    }
  }
  return path.length === 1 ? value : descend(value, path, 1);
}

/** Section lookup: the first segment is read on the current scope only (JSON-T rule). */
export function resolveSection(path: Path, frame: Frame): unknown {
  if (path.length === 0) return undefined;
  const value = resolveName(path[0] as string | number, frame);
  return path.length === 1 ? value : descend(value, path, 1);
}

/**
 * `resolvePath` for a reference whose first segment is a plain property name: walks the
 * scopes with one property read each (the hot case of `{title}`, `{item.price}`).
 */
export function resolveProperty(name: string, path: Path, frame: Frame): unknown {
  let value: unknown;
  for (let f: Frame | null = frame; f !== null; f = f.parent) {
    const node = f.node;
    if (typeof node === 'object' && node !== null) {
      value = Array.isArray(node)
        ? name === 'length'
          ? node.length
          : undefined
        : (node as Record<string, unknown>)[name];
      if (value !== undefined && typeof value !== 'function') break;
      value = undefined;
    }
    if (f.stop) break;
  }
  return path.length === 1 ? value : descend(value, path, 1);
}
