import { describe, expect, it } from 'vitest';
import { HOT_RUNS } from '../src/compiler/compile-block';
import {
  type RenderOptions,
  type TemplateError,
  type TemplatePlugin,
  builtinPlugins,
  createEngine,
} from '../src/index';
import { conformanceRenderCases } from './conformance-cases';

/**
 * renderBytes must give the UTF-8 bytes of exactly what render returns, with the same
 * errors, although it encodes the output in chunks while rendering (outside captures).
 */
const engine = createEngine();
const codes = (errors: TemplateError[]) => errors.map((e) => `${e.code}:${e.message}`);

/** Render both ways (cold, then hot) and compare bytes and errors. */
function expectSameBytes(
  source: string,
  data: unknown,
  options: RenderOptions = {},
  eng = engine,
  partials: Record<string, string> = {},
) {
  const { template } = eng.compile(source, { partials });
  for (let run = 0; run < HOT_RUNS + 2; run++) {
    const stringErrors: TemplateError[] = [];
    const text = template.render(data, { ...options, errors: stringErrors });
    const byteErrors: TemplateError[] = [];
    const bytes = template.renderBytes(data, { ...options, errors: byteErrors });
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
    expect(codes(byteErrors)).toEqual(codes(stringErrors));
  }
  return template;
}

const cases = await conformanceRenderCases();

describe.skipIf(cases.length === 0)('renderBytes over the conformance corpus', () => {
  it.each(cases.map((c) => [c.input.file, c] as const))('%s', (_file, c) => {
    expectSameBytes(
      c.input.template,
      c.input.json,
      {
        locale: c.input.locale,
        now: c.input.now ?? 1_700_000_000_000,
        ...(c.input.inject ? { inject: c.input.inject } : {}),
      },
      engine,
      c.input.partials ?? {},
    );
  });
});

describe('renderBytes on long output', () => {
  const words = (n: number, extra = '') => Array.from({ length: n }, (_, i) => `word${i}${extra}`);

  it('spills many chunks of mixed one-byte and two-byte text', () => {
    const data = { xs: words(3000, ' caf\u00e9 \u2014 \u00b7 <&>') };
    expectSameBytes('{.repeated section xs}<p>{@|html}</p>{.alternates with}\n{.end}', data);
  });

  // Padding of every length around the spill size puts the pair on, before and after the edge.
  it.each(Array.from({ length: 24 }, (_, i) => 8180 + i))(
    'keeps a surrogate pair whole across a chunk edge (padding %i)',
    (pad) => {
      const data = { pad: 'a'.repeat(pad), emoji: '\u{1F600}x\u{1F4A9}', tail: 'b'.repeat(9000) };
      expectSameBytes('{pad}{emoji}{tail}{emoji}{pad}{emoji}', data);
    },
  );

  it.each(Array.from({ length: 6 }, (_, i) => 8189 + i))(
    'joins a pair whose halves come from two values across a chunk edge (padding %i)',
    (pad) => {
      expectSameBytes('{pad}{hi}{lo}{pad}{hi}{lo}', { pad: 'p'.repeat(pad), hi: 'h\ud83d', lo: '\ude00l' });
    },
  );

  it.each([
    ['a lone high surrogate at a chunk edge', '\ud83d'],
    ['a lone low surrogate', '\ude00'],
    ['a reversed pair', '\ude00\ud83d'],
  ])('encodes %s as U+FFFD, as Buffer.from does', (_name, odd) => {
    for (const pad of [8191, 8192, 8193]) {
      expectSameBytes('{pad}{odd}{pad}{odd}', { pad: 'z'.repeat(pad), odd });
    }
  });

  it('cuts at the output limit after earlier chunks were spilled', () => {
    const data = { xs: words(5000, ' \u00e9\u{1F600}') };
    for (const maxOutputLength of [8000, 8193, 20_001, 50_000]) {
      const { template } = engine.compile('{.repeated section xs}{@} {.end}');
      const errors: TemplateError[] = [];
      const text = template.render(data, { budget: { maxOutputLength }, errors });
      expect(text.length).toBeLessThanOrEqual(maxOutputLength);
      expect(errors.map((e) => e.code)).toEqual(['OUTPUT_LIMIT']);
      expectSameBytes('{.repeated section xs}{@} {.end}', data, { budget: { maxOutputLength } });
    }
  });

  it('returns captured partial, macro and include text whole, as render does', () => {
    const partials = {
      card: '{.repeated section xs}<li>{@|html}</li>{.end}',
      inc: '{.repeated section xs}[{@}]{.end}',
    };
    const source =
      '{.macro m}{.repeated section xs}({@}){.end}{.end}' +
      '{@|apply card}|{@|apply m}|{.include inc}{.include inc output}|{@|apply card}';
    expectSameBytes(source, { xs: words(2500, ' \u00b7') }, {}, engine, partials);
  });

  it('keeps the output limit when it is hit inside a capture', () => {
    const partials = { card: '{.repeated section xs}<li>{@}</li>{.end}' };
    for (const maxOutputLength of [5000, 12_000, 30_000]) {
      expectSameBytes(
        '{.repeated section xs}{@}{.end}{@|apply card}',
        { xs: words(3000) },
        { budget: { maxOutputLength } },
        engine,
        partials,
      );
    }
  });

  it('reports budget stops and formatter errors as render does', () => {
    const data = { xs: words(4000), bad: { a: 1 } };
    expectSameBytes('{.repeated section xs}{@}{bad|truncate x|nope}{.end}', data, {
      budget: { maxInstructions: 3000 },
    });
    expectSameBytes('{.repeated section xs}{@}{.end}{.include missing}', data);
  });

  it('gives each result its own memory, also for a render inside a render', () => {
    const inner = createEngine().compile('{.repeated section xs}<i>{@}</i>{.end}').template;
    const nested: TemplatePlugin = {
      name: 'nested',
      formatters: {
        nested: (value) => inner.renderBytes({ xs: value }).toString('utf8'),
      },
    };
    const eng = createEngine({ plugins: [...builtinPlugins, nested] });
    const data = { xs: words(3000, ' \u2014') };
    const template = expectSameBytes(
      '{.repeated section xs}{@}{.end}|{xs|nested}|{xs|nested}',
      data,
      {},
      eng,
    );
    const first = template.renderBytes(data);
    const copy = Buffer.from(first);
    const second = template.renderBytes({ xs: words(3000, ' other') });
    expect(first.equals(copy)).toBe(true);
    expect(second.equals(first)).toBe(false);
  });
});

describe('renderBytes around non-ASCII template text', () => {
  // Template text above U+007F goes to the sink on its own (so the chunks around it stay
  // one-byte strings); every position must still give the bytes of render().
  const wide = ['\u2014', ' \u00b7 ', '\u{1F600}', 'caf\u00e9 \u2014\u00a0x', 'long \u2014 '.repeat(20)];

  it.each(wide.map((w) => [JSON.stringify(w), w] as const))(
    'text %s before values, instructions and the end',
    (_n, w) => {
      const source =
        `${w}{.repeated section xs}<li>{@|html}${w}{.if @index}${w}{.end}</li>${w}{.alternates with}${w}\n{.end}` +
        `${w}{tail}${w}`;
      expectSameBytes(source, { xs: ['a', '<b>', 'c\u00e9'], tail: 't' });
      expectSameBytes(source, { xs: words(900), tail: 'x'.repeat(8190) });
    },
  );

  it.each(Array.from({ length: 8 }, (_, i) => 8188 + i))('at a chunk edge (padding %i)', (pad) => {
    expectSameBytes('{pad}\u2014{pad}{hi}\u00b7{pad}\u{1F4A9}{pad}', { pad: 'p'.repeat(pad), hi: 'h\ud83d' });
  });

  it('pairs surrogate halves split between template text and values', () => {
    for (const pad of [0, 8190, 8191, 8192]) {
      const data = { pad: 'p'.repeat(pad), lo: '\ude00z', hi: 'a\ud83d' };
      expectSameBytes('{pad}\u00e9\ud83d{lo}{pad}{hi}\ude01\u00e9{pad}\u00e9\ud83d', data);
    }
  });

  it('inside partials, captured or streamed, and macros', () => {
    const partials = { card: '<li>{@|html} \u2014 {@|length}\u00b7</li>' };
    const source =
      '{.macro m}\u00ab{@}\u00bb{.end}{.repeated section xs}{@|apply card}{@|apply card|safe}{@|apply m}{.end}';
    expectSameBytes(source, { xs: words(1200) }, {}, engine, partials);
  });

  it('stops at the output limit on a non-ASCII text as render does', () => {
    for (const maxOutputLength of [3, 8191, 8193, 9000]) {
      expectSameBytes('{pad}\u2014\u2014{pad}', { pad: 'p'.repeat(8191) }, { budget: { maxOutputLength } });
    }
  });
});

function words(n: number, extra = '') {
  return Array.from({ length: n }, (_, i) => `word${i}${extra}`);
}
