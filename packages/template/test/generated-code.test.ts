import { describe, expect, it } from 'vitest';
import { HOT_RUNS } from '../src/compiler/compile-block';
import { conformanceRenderCases } from './conformance-cases';
import { type TemplatePlugin, type TemplateError, builtinPlugins, createEngine } from '../src/index';

/**
 * The conformance corpus renders each spec once, i.e. through closures only. Here every
 * render spec also runs hot (generated code, with its inline property reads): output and
 * errors must be what the first, closure-built render gave.
 */
const cases = await conformanceRenderCases();
const engine = createEngine();
const codes = (errors: TemplateError[]) => errors.map((e) => `${e.code}:${e.message}`);

describe.skipIf(cases.length === 0)('generated code renders every conformance spec as closures do', () => {
  it.each(cases.map((c) => [c.input.file, c] as const))('%s', (_file, c) => {
    const { template } = engine.compile(c.input.template, { partials: c.input.partials ?? {} });
    const options = {
      locale: c.input.locale,
      now: c.input.now ?? 1_700_000_000_000,
      ...(c.input.inject ? { inject: c.input.inject } : {}),
    };
    const render = () => {
      const errors: TemplateError[] = [];
      return { out: template.render(c.input.json, { ...options, errors }), errors: codes(errors) };
    };
    const first = render();
    let hot = first;
    for (let i = 0; i < HOT_RUNS + 1; i++) hot = render();
    expect(hot).toEqual(first);
  });
});

describe('inline property reads in generated code', () => {
  const closures = createEngine({ codegen: false });
  const proto = JSON.parse('{"__proto__": {"x": 1}, "a": {"b": 2}}');
  const inherited = Object.create({ title: 'inherited', b: 'inherited' }) as Record<string, unknown>;
  inherited.own = { b: 'own' };
  it.each([
    ['{title}|{a.b}|{a.b.c}', { title: 't', a: { b: 'x' } }],
    [
      '{.repeated section xs}{length}{title}{@.title}{0}{.end}',
      { xs: [[1, 2], { title: 'o' }, 'str', 5, null], title: 'outer' },
    ],
    [
      '{.section xs}{length}{.end}{xs.length}{xs.0}|{xs.toString}{constructor}{a.hasOwnProperty}',
      { xs: [7, 8], a: {} },
    ],
    ['{.section a}{b}{.end}{__proto__.x}{a.__proto__}{a.b}', proto],
    ['{title}{own.b}{.section own}{b}{.end}{b}', inherited],
    [
      '{m.size}|{t.length}|{t.0}|{d.x}|{o.nested.p}|{o.nested.q}|{.section o}{nested.p}{.end}',
      {
        m: new Map([[1, 2]]),
        t: new Uint8Array([7, 8]),
        d: new Date(0),
        o: { nested: Object.assign(Object.create({ p: 'proto' }) as object, { q: 'own' }) },
      },
    ],
    ['{.section a}{.section b}{c}{d}{.end}{.end}', { a: { b: { c: 1 }, d: 2 }, d: 3 }],
    ['{.section n}{toFixed}{.end}{s.length}{.section s}{length}{.end}', { n: 3, s: 'abc' }],
    [
      '{a-b}{a b}|{x.1.y}|{"q"}',
      { 'a-b': 'dash', 'a b': 'space', x: [{ y: 0 }, { y: 'one' }], '"q"': 'quote' },
    ],
    [
      '{.repeated section xs}{@index}{.if on}on{.or}{name|html}{.end}{.end}',
      { xs: [{ on: 1 }, { name: '<b>' }], on: 0 },
    ],
    ['{.section a}{.section @}{b}{.end}{.end}{.section missing}x{.or}none{.end}', { a: { b: 'deep' } }],
    [
      '{.var @a x}{.section s}{.var @a y}{@a}{.end}|{@a}|{@a.b}|{@a.0}|{@missing}',
      { x: { b: 1 }, y: 'inner', s: { t: 1 } },
    ],
    [
      '{.macro m}[{@v}|{title}|{@v.k}]{.end}{.var @v v}{s|apply m private}{s|apply m}{.var @w @v.k}{@w}',
      { v: { k: 'vk' }, title: 'outer', s: { x: 1 } },
    ],
  ])('%s', (source, data) => {
    const expected = closures.compile(source).template.render(data);
    const { template } = engine.compile(source);
    for (let i = 0; i < HOT_RUNS + 1; i++) template.render(data);
    expect(template.render(data)).toBe(expected);
  });
});

describe('plugin calls written into generated code', () => {
  const boom: TemplatePlugin = {
    name: 'boom',
    formatters: {
      boom: () => {
        throw new TypeError('formatter broke');
      },
      twice: (value, args) => `${String(value)}${args.join('')}${String(value)}`,
      self(this: unknown) {
        return this === undefined ? 'no receiver' : typeof this;
      },
    },
    predicates: {
      'boom?': () => {
        throw new RangeError('predicate broke');
      },
      'yes?': (args) => args[0] !== 'no',
    },
  };
  const plugins = [...builtinPlugins, boom];
  const closures = createEngine({ plugins, codegen: false });
  const hot = createEngine({ plugins });
  it.each([
    ['{a|boom}|{a|twice -|html}|{a|html|twice}'],
    ['{.boom?}A{.or yes? no}B{.or yes?}C{.end}{.yes?}D{.end}'],
    ['{.repeated section xs}{@|twice ,}{.boom?}x{.or}{@|boom|html}{.end}{.end}'],
    ['{a|self}{.section xs}{@|json}{.end}'],
  ])('%s', (source) => {
    const data = { a: '<a>', xs: [1, 'two'] };
    const expectedErrors: TemplateError[] = [];
    const expected = closures.compile(source).template.render(data, { errors: expectedErrors });
    const { template } = hot.compile(source);
    for (let i = 0; i < HOT_RUNS + 1; i++) template.render(data);
    const errors: TemplateError[] = [];
    expect(template.render(data, { errors })).toBe(expected);
    expect(codes(errors)).toEqual(codes(expectedErrors));
    expect(errors.length).toBeGreaterThan(source.includes('boom') ? 0 : -1);
  });
});
