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
}

export const defaultLimits: Limits = {
  maxPartialDepth: 16,
  maxExprTokens: 1000,
  maxStringLength: 1_000_000,
  maxOutputLength: 50_000_000,
  maxInstructions: 5_000_000,
  maxBlockNesting: 128,
};
