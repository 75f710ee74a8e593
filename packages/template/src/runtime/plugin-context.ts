import { splitPath } from '../parser/tag-matcher';
import type { Reference, RenderContext } from '../plugin-api';
import { Frame, resolvePath } from './frame';
import type { RenderState } from './render-state';

const DEFAULT_TIME_ZONE = 'America/New_York';

// Plugins pass the same few reference strings on every call; split each once.
const pathCache = new Map<string, (string | number)[]>();
function toPath(ref: Reference): (string | number)[] {
  if (typeof ref !== 'string') return ref as (string | number)[];
  let path = pathCache.get(ref);
  if (path === undefined) {
    path = splitPath(ref);
    if (pathCache.size < 10_000) pathCache.set(ref, path);
  }
  return path;
}

/**
 * The RenderContext handed to formatters and predicates. One instance per render, re-aimed
 * before each call (calls are synchronous). Inside a variable tag the formatted value is
 * the current node, in a scope of its own above the tag's scope (as in JSON-T); that scope
 * is only allocated if the plugin actually resolves something.
 */
export class PluginContext implements RenderContext {
  /** The scope of the tag being executed. */
  scope: Frame;
  /** The value being formatted (variable tags only). */
  value: unknown = undefined;
  hasValue = false;
  private valueFrame: Frame | null = null;

  constructor(private readonly st: RenderState) {
    this.scope = st.frame;
  }

  /** Aim at a variable tag: `value` becomes the current node. */
  forValue(scope: Frame, value: unknown): this {
    this.scope = scope;
    this.value = value;
    this.hasValue = true;
    this.valueFrame = null;
    return this;
  }

  /** Aim at a predicate or `.var` tag: the scope's node is the current node. */
  forScope(scope: Frame): this {
    this.scope = scope;
    this.hasValue = false;
    this.valueFrame = null;
    return this;
  }

  private get frame(): Frame {
    if (!this.hasValue) return this.scope;
    if (this.valueFrame === null) this.valueFrame = new Frame(this.value, this.scope);
    return this.valueFrame;
  }

  get node(): unknown {
    return this.hasValue ? this.value : this.scope.node;
  }
  get locale(): string | null {
    return this.st.locale;
  }
  get now(): number {
    return this.st.now;
  }
  get index(): number {
    for (let f: Frame | null = this.scope; f !== null; f = f.parent) if (f.index !== -1) return f.index + 1;
    return 0;
  }
  get timeZone(): string {
    const tz = resolvePath(['website', 'timeZone'], this.frame);
    return typeof tz === 'string' && tz !== '' ? tz : DEFAULT_TIME_ZONE;
  }

  resolve(ref: Reference): unknown {
    return resolvePath(toPath(ref), this.frame);
  }

  resolveInScope(ref: Reference): unknown {
    const from = this.hasValue ? this.scope : (this.scope.parent ?? this.scope);
    return resolvePath(toPath(ref), from);
  }

  error(message: string): void {
    this.st.error('engine', 'ENGINE_ERROR', message);
  }

  /**
   * Render partial `name` with `node` as its data and return its text; with `stream`, write
   * it to the output instead (returning ''), which is what `{x|apply p}` alone in a tag
   * amounts to, without holding the partial's text as one more string.
   */
  renderPartial(
    name: string,
    node: unknown,
    options?: { private?: boolean; args?: Record<string, string> },
    stream = false,
  ): string {
    const st = this.st;
    const block = st.findPartial(name);
    if (block === undefined) {
      st.error('engine', 'PARTIAL_MISSING', `Attempt to apply partial '${name}' which could not be found.`);
      return '';
    }
    if (!st.enterPartial(name)) return '';
    // The partial re-enters the engine, which re-aims this context: save and restore it.
    const scope = this.scope;
    const value = this.value;
    const hasValue = this.hasValue;
    const valueFrame = this.valueFrame;
    const savedFrame = st.frame;
    const savedSource = st.source;
    const savedPos = st.pos;
    // Render into a fresh buffer; the outer text still counts against the output limit.
    const savedOut = stream ? null : st.beginCapture();
    try {
      // The partial's scope sits above the tag's value scope (the value before formatting),
      // as in JSON-T, so lookups that miss in the partial node continue there.
      const f = new Frame(node, this.frame);
      st.frame = f;
      if (options !== undefined) {
        f.stop = options.private === true;
        if (options.args !== undefined) f.setVar('@args', options.args);
      }
      block(st);
      return savedOut === null ? '' : st.out;
    } finally {
      if (savedOut !== null) st.endCapture(savedOut);
      st.depth--;
      st.frame = savedFrame;
      this.scope = scope;
      this.value = value;
      this.hasValue = hasValue;
      this.valueFrame = valueFrame;
      st.source = savedSource;
      st.pos = savedPos;
    }
  }
}
