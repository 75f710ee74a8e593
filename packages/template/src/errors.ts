/**
 * The template error catalogue (spec §8): parser, assembler and engine errors. Every error
 * carries a stable code, the 1-based line and column of the tag it concerns and a code frame.
 */

export type TemplateErrorType = 'parser' | 'assembler' | 'engine';

export type TemplateErrorCode =
  | 'FORMATTER_UNKNOWN'
  | 'PREDICATE_UNKNOWN'
  | 'DEAD_CODE'
  | 'EOF_IN_BLOCK'
  | 'NOT_ALLOWED_IN_BLOCK'
  | 'NOT_ALLOWED_AT_ROOT'
  | 'NESTING_LIMIT'
  | 'PARTIAL_MISSING'
  | 'PARTIAL_PARSE_FAIL'
  | 'PARTIAL_RECURSION'
  | 'EXPRESSION_PARSE'
  | 'EXPRESSION_REDUCE'
  | 'FORMATTER_ERROR'
  | 'PREDICATE_ERROR'
  | 'OUTPUT_LIMIT'
  | 'INSTRUCTION_LIMIT'
  | 'TIME_LIMIT'
  | 'STRING_LIMIT'
  | 'ENGINE_ERROR';

export interface TemplateError {
  readonly type: TemplateErrorType;
  readonly code: TemplateErrorCode;
  readonly message: string;
  /** 1-based position of the tag in its source; 0 when not tied to a position. */
  readonly line: number;
  readonly column: number;
  /** Name of the partial the position refers to, when not the main template. */
  readonly partial?: string;
  /** A few source lines around the position with a caret under the column. */
  readonly frame: string;
}

const PREFIX: Record<TemplateErrorType, string> = {
  parser: 'SyntaxError: ',
  assembler: 'SyntaxError: ',
  engine: 'RuntimeError: ',
};

/** A source text plus what is needed to turn offsets into positions and code frames. */
export class SourceInfo {
  private lineStarts: number[] | null = null;
  constructor(
    readonly text: string,
    readonly name?: string,
  ) {}

  position(offset: number): { line: number; column: number } {
    if (this.lineStarts === null) {
      const starts = [0];
      for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) starts.push(i + 1);
      this.lineStarts = starts;
    }
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  }

  codeFrame(line: number, column: number): string {
    const lines = this.text.split('\n');
    const from = Math.max(1, line - 2);
    const to = Math.min(lines.length, line + 1);
    const width = String(to).length;
    const out: string[] = [];
    for (let n = from; n <= to; n++) {
      // Long minified lines would make the frame useless; clip around the column.
      let text = lines[n - 1] ?? '';
      let col = column;
      if (text.length > 120) {
        const start = n === line ? Math.max(0, column - 60) : 0;
        text = text.slice(start, start + 120);
        col = column - start;
      }
      out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${text}`);
      if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, col - 1))}^`);
    }
    return out.join('\n');
  }
}

/** Build an error; `message` is the bare text, the type prefix is added here. */
export function makeError(
  type: TemplateErrorType,
  code: TemplateErrorCode,
  message: string,
  source?: SourceInfo,
  offset?: number,
): TemplateError {
  if (source === undefined || offset === undefined) {
    return { type, code, message: PREFIX[type] + message, line: 0, column: 0, frame: '' };
  }
  const { line, column } = source.position(offset);
  return {
    type,
    code,
    message: PREFIX[type] + message,
    line,
    column,
    ...(source.name === undefined ? {} : { partial: source.name }),
    frame: source.codeFrame(line, column),
  };
}

/** The messages of the catalogue, verbatim. */
export const messages = {
  formatterUnknown: (name: string) => `Formatter '${name}' is unknown`,
  predicateUnknown: (name: string) => `Predicate '${name}' is unknown`,
  deadCode: (op: string) => `This ${op} block will never execute.`,
  eofInBlock: (op: string) => `Reached EOF in the middle of ${op}`,
  notAllowedInBlock: (op: string, parent: string) =>
    `${op} instruction is not allowed inside ${parent} block.`,
  notAllowedAtRoot: (op: string) => `Instruction ${op} not allowed at root`,
  partialMissing: (name: string) => `Attempt to apply partial '${name}' which could not be found.`,
  partialParseFail: (name: string, msg: string) => `Parse of partial "${name}" failed: ${msg}`,
  partialRecursion: (name: string, limit: number) =>
    `Attempt to apply partial '${name}' exceeded maximum recursion depth of ${limit}`,
  expressionParse: (expr: string, err: string) => `Error parsing expression: ${JSON.stringify(expr)}: ${err}`,
  expressionReduce: (expr: string, err: string) => `Error reducing expression: ${expr}: ${err}`,
  unexpected: (kind: string, op: string, msg: string) =>
    `Unexpected ${kind} error when executing ${op}: ${msg}`,
  outputLimit: (limit: number) => `Output exceeds the maximum size of ${limit} characters`,
  instructionLimit: (limit: number) => `Render exceeds the maximum of ${limit} executed instructions`,
  timeLimit: (ms: number) => `Render exceeds its time budget of ${ms} ms`,
  stringLimit: (limit: number) =>
    `A formatter value exceeds the maximum string length of ${limit} characters`,
  nestingLimit: (limit: number) => `Blocks nested deeper than ${limit}`,
} as const;

/** Every error code with what it means; a test checks each code is documented here. */
export const errorCodeDocs: Record<TemplateErrorCode, string> = {
  FORMATTER_UNKNOWN: 'A variable or .var tag names a formatter that no plugin registered.',
  PREDICATE_UNKNOWN: 'A predicate tag names a predicate that no plugin registered.',
  DEAD_CODE: 'An {.or} follows a plain {.or}, so its block can never run.',
  EOF_IN_BLOCK: 'The template ended inside an unclosed block.',
  NOT_ALLOWED_IN_BLOCK: 'An {.or}, {.alternates with} or {.end} appears where the block does not allow it.',
  NOT_ALLOWED_AT_ROOT: 'An {.or}, {.alternates with} or {.end} appears outside any block.',
  NESTING_LIMIT: 'Blocks (and .or chains) nest deeper than maxBlockNesting; the template renders empty.',
  PARTIAL_MISSING: 'apply or .include names a macro/partial that does not exist.',
  PARTIAL_PARSE_FAIL: 'A partial has syntax errors.',
  PARTIAL_RECURSION: 'Partials/macros nested deeper than the limit.',
  EXPRESSION_PARSE: 'An {.eval} expression does not tokenize or assemble (incl. the token limit).',
  EXPRESSION_REDUCE: 'An {.eval} expression failed while evaluating (incl. the string length limit).',
  FORMATTER_ERROR: 'A formatter threw; its value became missing.',
  PREDICATE_ERROR: 'A predicate threw; it counted as false.',
  OUTPUT_LIMIT: 'The output grew past the configured maximum; rendering stopped.',
  INSTRUCTION_LIMIT: 'The render executed more instructions than the configured budget; rendering stopped.',
  TIME_LIMIT: 'The render ran past its wall-clock budget (maxRenderMs); rendering stopped.',
  STRING_LIMIT: 'A formatter was given or produced a string longer than maxValueLength; rendering stopped.',
  ENGINE_ERROR: 'An error reported by a formatter or predicate through ctx.error().',
};

/** Codes that mean a render ran out of budget (time, steps, output or memory) and stopped. */
export const BUDGET_ERROR_CODES: ReadonlySet<TemplateErrorCode> = new Set([
  'TIME_LIMIT',
  'INSTRUCTION_LIMIT',
  'OUTPUT_LIMIT',
  'STRING_LIMIT',
]);

/** The budget error among a render's errors, if the render was stopped by one. */
export function budgetError(errors: readonly TemplateError[]): TemplateError | undefined {
  return errors.find((e) => BUDGET_ERROR_CODES.has(e.code));
}
