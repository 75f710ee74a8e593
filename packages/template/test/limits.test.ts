import { describe, expect, it } from 'vitest';
import { type TemplateError, budgetError, createEngine } from '../src/index';

/** Hostile templates and data must end with an error in bounded time, never a crash. */
function hostile(source: string, data: unknown, limits = {}, partials: Record<string, string> = {}) {
  const engine = createEngine({ limits });
  const started = Date.now();
  const { template, errors: compileErrors } = engine.compile(source, { partials });
  const errors: TemplateError[] = [];
  const out = template.render(data, { errors });
  return { out, errors, compileErrors, ms: Date.now() - started };
}

describe('hostile input', () => {
  it('stops self-recursive partials at the depth limit', () => {
    const r = hostile('{@|apply loop}', 1, {}, { loop: 'x{@|apply loop}' });
    expect(r.out).toBe('x'.repeat(16));
    expect(r.errors.map((e) => e.code)).toContain('PARTIAL_RECURSION');
  });

  it('stops recursive includes at the depth limit', () => {
    const r = hostile('{.macro r}i{.include r output}{.end}{.include r output}', {});
    expect(r.out).toBe('i'.repeat(16));
    expect(r.errors.map((e) => e.code)).toContain('PARTIAL_RECURSION');
  });

  it('bounds exponential fan-out with the instruction budget', () => {
    // Each level applies the next one twice: 2^14 leaf calls without a budget.
    const macros = Array.from(
      { length: 14 },
      (_, i) => `{.macro m${i}}{@|apply m${i + 1}}{@|apply m${i + 1}}{.end}`,
    );
    const r = hostile(`${macros.join('')}{.macro m14}leaf{.end}{@|apply m0}`, 1, { maxInstructions: 10_000 });
    expect(r.errors.map((e) => e.code)).toContain('INSTRUCTION_LIMIT');
    expect(r.ms).toBeLessThan(2000);
  });

  it('bounds huge repeats with the instruction budget', () => {
    const items = new Array(200_000).fill(1);
    const r = hostile('{.repeated section items}{.end}', { items }, { maxInstructions: 50_000 });
    expect(r.errors.map((e) => e.code)).toEqual(['INSTRUCTION_LIMIT']);
  });

  it('stops enormous output at the output limit', () => {
    const items = new Array(10_000).fill('0123456789');
    const r = hostile('{.repeated section items}{@}{@}{.end}', { items }, { maxOutputLength: 1000 });
    expect(r.out.length).toBeLessThanOrEqual(1000);
    expect(r.errors.map((e) => e.code)).toEqual(['OUTPUT_LIMIT']);
  });

  it('counts output of partials rendered into their own buffer', () => {
    const items = new Array(1000).fill('0123456789');
    const r = hostile(
      '{items|apply big}',
      { items },
      { maxOutputLength: 500 },
      { big: '{.repeated section @}{@}{.end}' },
    );
    expect(r.errors.map((e) => e.code)).toContain('OUTPUT_LIMIT');
  });

  it('rejects too deeply nested blocks at compile time', () => {
    const depth = 5000;
    const source = '{.section a}'.repeat(depth) + '{.end}'.repeat(depth);
    const r = hostile(source, {});
    expect(r.compileErrors.map((e) => e.code)).toContain('NESTING_LIMIT');
    expect(r.out).toBe('');
  });

  it('limits expression tokens', () => {
    const r = hostile(`{.eval ${'1+'.repeat(100)}1}`, {}, { maxExprTokens: 50 });
    expect(r.out).toBe('');
    expect(r.errors[0]?.message).toContain('Expression exceeds the maximum number of allowed tokens: 50');
  });

  it('limits string concatenation in expressions', () => {
    const r = hostile('{.eval @s = "ab"; @s = @s + @s; @s = @s + @s; @s}', {}, { maxStringLength: 5 });
    expect(r.out).toBe('');
    expect(r.errors[0]?.message).toContain('Concatenation would exceed maximum string length 5');
  });

  it('survives cyclic-looking and deeply nested data in formatters', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const r = hostile('[{d|json}]', { d: deep });
    expect(r.out).toBe('[]');
    expect(r.errors[0]?.code).toBe('FORMATTER_ERROR');
  });

  it('handles a long unclosed multi-line comment and brace soup linearly', () => {
    const soup = '{'.repeat(50_000) + '}'.repeat(10) + '{##'.repeat(10);
    const r = hostile(soup, {});
    expect(r.ms).toBeLessThan(3000);
  });

  it('does not read inherited properties', () => {
    const r = hostile('{constructor}{a.constructor}{a.hasOwnProperty}{toString}', { a: {} });
    expect(r.out).toBe('');
  });
});

/**
 * The hostile templates at small limits (so the suite stays fast); the same cases at
 * full size and default limits run in child processes in budget-process.test.ts.
 */
describe('render budget: deadline and memory bound', () => {
  const codes = (r: { errors: TemplateError[] }) => r.errors.map((e) => e.code);

  it('stops a loop of costly formatters at the deadline, not the step count', () => {
    const big = 'a b-C'.repeat(2_000);
    const r = hostile(
      '{.repeated section items}{big|slugify|count}{.end}',
      { items: new Array(1_000_000).fill(1), big },
      { maxRenderMs: 50 },
    );
    expect(codes(r)).toEqual(['TIME_LIMIT']);
    expect(r.errors[0]?.message).toBe('RuntimeError: Render exceeds its time budget of 50 ms');
    expect(r.ms).toBeLessThan(1000);
  });

  it('stops a loop of costly predicates at the deadline', () => {
    const big = 'x'.repeat(100_000);
    const r = hostile(
      '{.repeated section items}{.equal? big big2}={.end}{.end}',
      { items: new Array(1_000_000).fill(1), big, big2: `${big}!`.slice(0, -1) },
      { maxRenderMs: 50 },
    );
    expect(codes(r)).toEqual(['TIME_LIMIT']);
    expect(r.out.length).toBeGreaterThan(0);
    expect(r.ms).toBeLessThan(1000);
  });

  it('refuses a formatter input longer than the string bound before running it', () => {
    const r = hostile('{s|smartypants}b', { s: '"q" -- '.repeat(1000) }, { maxValueLength: 5000 });
    expect(r.out).toBe('');
    expect(codes(r)).toEqual(['STRING_LIMIT']);
  });

  it('bounds every intermediate string of a formatter chain, not only the output', () => {
    // Each json pass doubles the backslashes: the output limit alone would allow 2^30 growth.
    const r = hostile(`{s${'|json'.repeat(30)}}`, { s: '"\\'.repeat(500) }, { maxValueLength: 100_000 });
    expect(r.out).toBe('');
    expect(codes(r)).toEqual(['STRING_LIMIT']);
    expect(r.errors[0]?.message).toContain('maximum string length of 100000');
  });

  it('bounds strings in .var formatters too', () => {
    const r = hostile('{.var @x s|html}{@x}', { s: '<'.repeat(10_000) }, { maxValueLength: 9_999 });
    expect(codes(r)).toEqual(['STRING_LIMIT']);
  });

  it('takes a per-render budget that overrides the engine limits', () => {
    const { template } = createEngine().compile('{.repeated section items}{@|json|json}{.end}');
    const errors: TemplateError[] = [];
    template.render(
      { items: new Array(1_000_000).fill('x'.repeat(5000)) },
      { errors, budget: { maxRenderMs: 20 } },
    );
    expect(codes({ errors })).toEqual(['TIME_LIMIT']);
    expect(budgetError(errors)?.code).toBe('TIME_LIMIT');
  });

  it('leaves ordinary renders alone and reports no budget error', () => {
    const errors: TemplateError[] = [];
    const out = createEngine({ limits: { maxRenderMs: 50, maxValueLength: 10_000 } })
      .compile('{.repeated section items}{@|html}{.alternates with},{.end}')
      .template.render({ items: ['<a>', 'b'] }, { errors });
    expect(out).toBe('&lt;a&gt;,b');
    expect(budgetError(errors)).toBeUndefined();
  });
});
