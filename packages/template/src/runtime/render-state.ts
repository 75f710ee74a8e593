import { type SourceInfo, type TemplateError, type TemplateErrorCode, makeError, messages } from '../errors';
import type { Limits } from '../limits';
import type { ByteSink } from './byte-sink';
import { type Block, Frame } from './frame';
import { PluginContext } from './plugin-context';

/** Steps between two readings of the clock (the deadline check). */
const CLOCK_EVERY = 1024;

/**
 * When rendering to bytes, `out` is encoded into the sink once it is longer than this:
 * small enough that V8 flattens it in young space, large enough that encoding calls are few.
 */
const SPILL_AT = 8192;

/** Text up to this length is encoded by the sink in JavaScript (see ByteSink.writeShort). */
const SHORT_TEXT = 64;

/** Thrown to stop a render that hit a hard limit; caught by the template's render(). */
export class RenderAbort extends Error {}

/** How a render finds partials by name (compiled once, cached by the template). */
export type PartialLookup = (name: string, st: RenderState) => Block | undefined;

/** Mutable state of one render: output buffer, scope stack, budgets and collected errors. */
export class RenderState {
  out = '';
  /** Characters held by outer buffers while a partial renders into a fresh one. */
  outerLength = 0;
  /** Room left for `out`: the output limit minus what outer buffers and the sink hold. */
  outLimit: number;
  /**
   * What `append` compares the length of `out` with: the room left, or less when `out` is
   * due to spill into the sink. One comparison on the hot path; `full` sorts out which.
   */
  appendLimit: number;
  /** Where the output goes as UTF-8 (renderBytes); null for a string render. */
  private sink: ByteSink | null = null;
  /** Open captures (partials, plugins): their text is returned as a string, so no spilling. */
  private captures = 0;
  steps = 0;
  /**
   * Step count at which the next checkpoint runs: the instruction budget, or sooner so the
   * clock is read every CLOCK_EVERY steps (reading it on every step would cost too much).
   */
  checkAt: number;
  readonly maxSteps: number;
  /** Epoch ms after which the render stops with TIME_LIMIT. */
  readonly deadline: number;
  depth = 0;
  frame: Frame;
  readonly errors: TemplateError[] = [];
  /** Where the instruction being executed comes from, for error positions. */
  source: SourceInfo | undefined;
  pos = 0;
  private injectCache: Map<string, unknown> | null = null;
  /** The one RenderContext of this render, re-aimed before each plugin call. */
  readonly ctx: PluginContext;

  constructor(
    data: unknown,
    readonly limits: Limits,
    readonly locale: string | null,
    readonly now: number,
    readonly injectables: Readonly<Record<string, string>> | undefined,
    readonly partials: PartialLookup,
  ) {
    this.frame = new Frame(data, null);
    this.outLimit = limits.maxOutputLength;
    this.appendLimit = this.outLimit;
    this.maxSteps = limits.maxInstructions;
    this.checkAt = Math.min(CLOCK_EVERY, this.maxSteps);
    this.deadline = limits.maxRenderMs > 0 ? Date.now() + limits.maxRenderMs : Number.POSITIVE_INFINITY;
    this.ctx = new PluginContext(this);
  }

  error(type: 'engine', code: TemplateErrorCode, message: string): void {
    // A runaway loop could otherwise fill memory with copies of the same error.
    if (this.errors.length >= 1000) return;
    this.errors.push(makeError(type, code, message, this.source, this.pos));
  }

  append(text: string): void {
    this.out += text;
    if (this.out.length > this.appendLimit) this.full();
  }

  /** Send the output to `sink` as it grows; `finishBytes` writes the rest. */
  renderToBytes(sink: ByteSink): void {
    this.sink = sink;
    this.setAppendLimit();
  }

  /** Write what `out` still holds to the sink (after the render, also a stopped one). */
  finishBytes(): void {
    if (this.sink !== null && this.out !== '') this.sink.write(this.out);
    this.out = '';
  }

  private setAppendLimit(): void {
    this.appendLimit =
      this.sink !== null && this.captures === 0 ? Math.min(this.outLimit, SPILL_AT) : this.outLimit;
  }

  /**
   * Append constant text with a character above U+007F. In a bytes render, `out` goes to the
   * sink first and the text after it, on its own: V8 encodes a one-byte string to UTF-8 several
   * times faster than a two-byte one, and one em-dash in a template's text would otherwise make
   * every chunk of the page two-byte.
   */
  appendWide(text: string): void {
    if (this.sink === null || this.captures !== 0) {
      this.append(text);
      return;
    }
    if (this.out !== '') this.spill();
    // `out` now holds at most the high half of a pair that spill kept back for `text`.
    this.out += text;
    this.full();
  }

  /** `out` passed `appendLimit`: past the output limit, or due to spill (generated code calls it too). */
  full(): void {
    if (this.out.length > this.outLimit) this.overflow();
    this.spill();
  }

  /** Write `out` to the sink and start it anew. */
  private spill(): void {
    let text = this.out;
    let keep = '';
    // A surrogate pair split across two writes would encode as two U+FFFD: keep the high half.
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      keep = text.slice(-1);
      text = text.slice(0, -1);
    }
    const sink = this.sink as ByteSink;
    if (text.length <= SHORT_TEXT) sink.writeShort(text);
    else sink.write(text);
    this.outLimit -= text.length;
    this.out = keep;
    this.setAppendLimit();
  }

  private overflow(): never {
    this.out = this.out.slice(0, Math.max(0, this.outLimit));
    this.error('engine', 'OUTPUT_LIMIT', messages.outputLimit(this.limits.maxOutputLength));
    throw new RenderAbort();
  }

  /** Count one executed instruction against the budget. */
  tick(): void {
    if (++this.steps > this.checkAt) this.checkpoint();
  }

  /** Stop the render when the instruction budget or the deadline is spent; else plan the next check. */
  checkpoint(): void {
    if (this.steps > this.maxSteps) {
      this.error('engine', 'INSTRUCTION_LIMIT', messages.instructionLimit(this.limits.maxInstructions));
      throw new RenderAbort();
    }
    this.checkClock();
    this.checkAt = Math.min(this.steps + CLOCK_EVERY, this.maxSteps);
  }

  checkClock(): void {
    if (Date.now() > this.deadline) {
      this.error('engine', 'TIME_LIMIT', messages.timeLimit(this.limits.maxRenderMs));
      throw new RenderAbort();
    }
  }

  /**
   * A formatter is about to take, or has produced, a large value (string length or array
   * size `size`): refuse strings past the memory bound, and read the clock, since work on
   * large values is what makes few steps slow.
   */
  largeValue(size: number, isString: boolean): void {
    if (isString && size > this.limits.maxValueLength) {
      this.error('engine', 'STRING_LIMIT', messages.stringLimit(this.limits.maxValueLength));
      throw new RenderAbort();
    }
    this.checkClock();
  }

  pushFrame(node: unknown): Frame {
    const f = new Frame(node, this.frame);
    this.frame = f;
    return f;
  }

  /** A macro defined on any enclosing frame, else a partial. */
  findPartial(name: string): Block | undefined {
    for (let f: Frame | null = this.frame; f !== null; f = f.parent) {
      const m = f.macros?.get(name);
      if (m !== undefined) return m;
    }
    return this.partials(name, this);
  }

  /** Run a partial with a depth check; false when the depth limit stops it. */
  enterPartial(name: string): boolean {
    if (this.depth >= this.limits.maxPartialDepth) {
      this.error('engine', 'PARTIAL_RECURSION', messages.partialRecursion(name, this.limits.maxPartialDepth));
      return false;
    }
    this.depth++;
    return true;
  }

  /** Run `fn` with a fresh output buffer and return what it wrote. */
  capture(fn: () => void): string {
    const saved = this.beginCapture();
    try {
      fn();
      return this.out;
    } finally {
      this.endCapture(saved);
    }
  }

  /**
   * Start writing into a fresh buffer (whose text the caller takes as a string); returns the
   * outer buffer for `endCapture`. The outer text still counts against the output limit.
   */
  beginCapture(): string {
    const saved = this.out;
    this.outerLength += saved.length;
    this.outLimit -= saved.length;
    this.out = '';
    this.captures++;
    this.setAppendLimit();
    return saved;
  }

  /** Back to the outer buffer `saved`; the captured text is dropped (read `out` before). */
  endCapture(saved: string): void {
    this.outerLength -= saved.length;
    this.outLimit += saved.length;
    this.out = saved;
    this.captures--;
    this.setAppendLimit();
  }

  injectable(path: string): unknown {
    const texts = this.injectables;
    if (texts === undefined || !Object.hasOwn(texts, path)) return undefined;
    this.injectCache ??= new Map();
    if (this.injectCache.has(path)) return this.injectCache.get(path);
    let value: unknown;
    try {
      value = JSON.parse(texts[path] as string);
    } catch {
      value = undefined;
    }
    this.injectCache.set(path, value);
    return value;
  }
}
