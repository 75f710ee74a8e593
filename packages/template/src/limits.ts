/** Configurable bounds that keep hostile templates and data from causing unbounded work. */
export interface Limits {
  /** Nesting of partials/macros via apply and .include (JSON-T: 16). */
  readonly maxPartialDepth: number;
  /** Maximum tokens in one {.eval} expression. */
  readonly maxExprTokens: number;
  /** Maximum length of a string built by {.eval} concatenation. */
  readonly maxStringLength: number;
  /** Maximum characters of output of one render. */
  readonly maxOutputLength: number;
  /** Maximum instructions (and loop iterations) executed by one render. */
  readonly maxInstructions: number;
  /** Maximum nesting of blocks in one template source. */
  readonly maxBlockNesting: number;
  /** Wall-clock budget of one render in milliseconds (0 = none). */
  readonly maxRenderMs: number;
  /** Maximum length of any string a formatter takes or returns (memory bound). */
  readonly maxValueLength: number;
}

export const defaultLimits: Limits = {
  maxPartialDepth: 16,
  maxExprTokens: 1000,
  maxStringLength: 1_000_000,
  maxOutputLength: 50_000_000,
  maxInstructions: 5_000_000,
  maxBlockNesting: 128,
  // A page renders in a few ms; a second means something hostile is running on the event loop.
  maxRenderMs: 1000,
  // 10 M chars (20 MB): far above real content, far below V8's 512 M-char string ceiling,
  // so no formatter (html/json escaping grows text up to 6x) can hit a fatal allocation.
  maxValueLength: 10_000_000,
};

/** The limits a caller may tighten or loosen per render (e.g. a server's page budget). */
export type RenderBudget = Partial<
  Pick<Limits, 'maxRenderMs' | 'maxInstructions' | 'maxOutputLength' | 'maxValueLength' | 'maxPartialDepth'>
>;
