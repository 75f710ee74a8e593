import { describe, expect, it } from 'vitest';
import { HOT_RUNS } from '../src/compiler/compile-block';
import { applyCall } from '../src/plugins/core/formatters';
import { ByteSink } from '../src/runtime/byte-sink';
import {
  type RenderOptions,
  type TemplateError,
  type TemplatePlugin,
  builtinPlugins,
  createEngine,
} from '../src/index';

/**
 * `{x|apply p}` alone in a tag writes the partial straight to the output instead of
 * returning its text to be appended. It must render exactly what the same partial returned
 * as a formatter value renders: `captured` below is `apply` through the plugin interface,
 * which always captures.
 */
const captured: TemplatePlugin = {
  name: 'captured-apply',
  formatters: {
    captured(value, args, ctx) {
      const call = applyCall(args);
      if (call === null || ctx.renderPartial === undefined) return '';
      return ctx.renderPartial(call.name, value, call.options);
    },
  },
};
const engine = createEngine({ plugins: [...builtinPlugins, captured] });
const codes = (errors: TemplateError[]) => errors.map((e) => `${e.code}:${e.message}`);

function renderAll(source: string, data: unknown, partials: Record<string, string>, options: RenderOptions) {
  const { template } = engine.compile(source, { partials });
  const runs: { text: string; errors: string[] }[] = [];
  // Cold (closures) and hot (generated code) runs.
  for (let i = 0; i < HOT_RUNS + 2; i++) {
    const errors: TemplateError[] = [];
    runs.push({ text: template.render(data, { ...options, errors }), errors: codes(errors) });
  }
  return runs;
}

function expectSameAsCaptured(
  source: string,
  data: unknown,
  partials: Record<string, string>,
  options: RenderOptions = {},
) {
  const streamed = renderAll(source, data, partials, options);
  const viaCapture = renderAll(source.replaceAll('|apply ', '|captured '), data, partials, options);
  expect(streamed).toEqual(viaCapture);
  return streamed[0] as { text: string; errors: string[] };
}

const items = Array.from({ length: 40 }, (_, i) => ({ name: `n<${i}>`, n: i }));
const partials = {
  card: '<li data-n="{n}">{name|html} \u2014 {.if n}{n}{.or}zero{.end}</li>',
  args: '[{@args.a}|{@args.b}|{name}|{outer}]',
  nest: '<ul>{.repeated section @}{@|apply card}{.end}</ul>',
  loop: 'x{@|apply loop}',
};

describe('streamed apply renders what a captured apply renders', () => {
  it('a partial per item, with text before the tag', () => {
    const r = expectSameAsCaptured(
      '{.repeated section xs}#{@index} {@|apply card}{.end}',
      { xs: items },
      partials,
    );
    expect(r.text).toContain('#2 <li data-n="1">n&lt;1&gt; \u2014 1</li>');
    expect(r.errors).toEqual([]);
  });

  it('private scope and arguments', () => {
    const data = { outer: 'O', xs: items.slice(0, 3) };
    const r = expectSameAsCaptured(
      '{.repeated section xs}{@|apply args a=1 b=two}{@|apply args private a=3}{.end}',
      data,
      partials,
    );
    expect(r.text).toBe('[1|two|n<0>|O][3||n<0>|][1|two|n<1>|O][3||n<1>|][1|two|n<2>|O][3||n<2>|]');
  });

  it('nested partials, macros and a missing partial', () => {
    const r = expectSameAsCaptured(
      '{.macro m}<{name}>{.end}{xs|apply nest}{.repeated section xs}{@|apply m}{.end}{@|apply nope}{@|apply}',
      { xs: items.slice(0, 5) },
      partials,
    );
    expect(r.text.startsWith('<ul><li data-n="0">')).toBe(true);
    expect(r.errors).toEqual([
      "PARTIAL_MISSING:RuntimeError: Attempt to apply partial 'nope' which could not be found.",
    ]);
  });

  it('the depth limit', () => {
    expectSameAsCaptured('{@|apply loop}', 1, partials);
  });

  it('the instruction limit: the same error, with the partial written up to where it stopped', () => {
    const source = '{.repeated section xs}{xs|apply nest}{.end}';
    const whole = renderAll(source, { xs: items }, partials, {})[0] as { text: string };
    const options = { budget: { maxInstructions: 2000 } };
    const runs = renderAll(source, { xs: items }, partials, options);
    const viaCapture = renderAll(source.replace('apply', 'captured'), { xs: items }, partials, options);
    for (const [i, run] of runs.entries()) {
      const cut = viaCapture[i] as { text: string; errors: string[] };
      expect(run.errors).toEqual(cut.errors);
      expect(run.errors.map((e) => e.split(':')[0])).toEqual(['INSTRUCTION_LIMIT']);
      expect(whole.text.startsWith(run.text)).toBe(true);
      expect(run.text.startsWith(cut.text)).toBe(true);
      expect(run.text.length).toBeGreaterThan(cut.text.length);
    }
  });

  it('the output limit: the same error, with the text up to the limit (a capture drops the partial)', () => {
    const whole = renderAll('{xs|apply nest}', { xs: items }, partials, {})[0] as { text: string };
    for (const maxOutputLength of [10, 100, 999]) {
      const runs = renderAll('{xs|apply nest}', { xs: items }, partials, { budget: { maxOutputLength } });
      const viaCapture = renderAll('{xs|captured nest}', { xs: items }, partials, {
        budget: { maxOutputLength },
      });
      for (const [i, run] of runs.entries()) {
        expect(run.errors).toEqual(viaCapture[i]?.errors);
        expect(run.errors.map((e) => e.split(':')[0])).toEqual(['OUTPUT_LIMIT']);
        expect(run.text).toBe(whole.text.slice(0, maxOutputLength));
      }
    }
  });

  it('does not build the partial as one value, so the value bound does not apply to it', () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({ name: `item ${i}`, n: i }));
    const options = { budget: { maxValueLength: 5000 } };
    const { template } = engine.compile('{xs|apply nest}', { partials });
    const errors: TemplateError[] = [];
    const text = template.render({ xs: many }, { ...options, errors });
    expect(errors).toEqual([]);
    expect(text.length).toBeGreaterThan(100_000);
    // The same partial as a value handed to another formatter is bounded.
    const valued = engine.compile('{xs|apply nest|safe}', { partials }).template;
    const valueErrors: TemplateError[] = [];
    valued.render({ xs: many }, { ...options, errors: valueErrors });
    expect(valueErrors.map((e) => e.code)).toContain('STRING_LIMIT');
  });
});

describe('ByteSink.writeShort', () => {
  // A seeded generator: every class of UTF-16 unit, lone and paired surrogates included.
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  const unit = () => {
    const pick = next() % 7;
    if (pick === 0) return String.fromCharCode(next() % 0x80);
    if (pick === 1) return String.fromCharCode(0x80 + (next() % 0x780));
    if (pick === 2) return String.fromCharCode(0x800 + (next() % 0xd000));
    if (pick === 3) return String.fromCharCode(0xe000 + (next() % 0x2000));
    if (pick === 4) return String.fromCodePoint(0x10000 + (next() % 0x100000));
    return String.fromCharCode(0xd800 + (next() % 0x800)); // a lone half
  };

  it('writes the bytes Buffer.from writes, for every kind of character', () => {
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const length = next() % 40;
      for (let j = 0; j < length; j++) text += unit();
      const sink = new ByteSink();
      sink.write('a\u00e9');
      sink.writeShort(text);
      sink.write('z');
      expect(sink.finish().equals(Buffer.from(`a\u00e9${text}z`, 'utf8'))).toBe(true);
    }
  });
});
