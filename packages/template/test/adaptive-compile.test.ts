import { describe, expect, it } from 'vitest';
import { HOT_RUNS } from '../src/compiler/compile-block';
import { type TemplateError, createEngine } from '../src/index';
import { splitPath } from '../src/parser/tag-matcher';
import { scan } from '../src/scanner/scanner';

/**
 * Templates are parsed at compile time, turned into closures on their first run and into
 * generated code once hot: the output and the budgets must be the same in every phase.
 */
describe('adaptive compilation', () => {
  const source =
    '{.repeated section items}{.if on}<b>{name|html}</b>{.or}{@|apply p}{.end}{.alternates with}, {.end}' +
    '{.section meta}{.equal? kind "x"}X{.or}Y{.end}{.end}{.var @n items|count}{@n}{.eval @n * 2}';
  const partials = { p: '<i>{name|htmlattr}</i>{.if tail}{tail|truncate 3}{.end}' };
  const data = {
    items: [
      { on: true, name: '<a>' },
      { on: false, name: '"q"', tail: 'abcdef' },
    ],
    meta: { kind: 'x' },
  };

  it('renders the same before and after code generation, as the closure-only engine does', () => {
    const closures = createEngine({ codegen: false }).compile(source, { partials }).template.render(data);
    const { template } = createEngine().compile(source, { partials });
    const outputs = Array.from({ length: HOT_RUNS * 3 }, () => template.render(data));
    expect(closures).toBe('<b>&lt;a&gt;</b>, <i>&quot;q&quot;</i>abc...X24');
    expect(new Set(outputs)).toEqual(new Set([closures]));
  });

  it('charges the instruction budget the same in every phase', () => {
    const items = new Array(5000).fill({ on: true, name: 'n' });
    const { template } = createEngine({ limits: { maxInstructions: 2000 } }).compile(source, { partials });
    const lengths = new Set<number>();
    for (let i = 0; i < HOT_RUNS * 2; i++) {
      const errors: TemplateError[] = [];
      lengths.add(template.render({ items }, { errors }).length);
      expect(errors.map((e) => e.code)).toEqual(['INSTRUCTION_LIMIT']);
    }
    expect(lengths.size).toBe(1);
  });

  it('reports syntax errors of partials at compile time even though their code is built later', () => {
    const { errors } = createEngine().compile('{@|apply p}', { partials: { p: '{.section a}' } });
    expect(errors.map((e) => e.code)).toEqual(['EOF_IN_BLOCK']);
  });
});

describe('hand-written scanning matches the grammar', () => {
  it.each([
    ['a.b.0.c', ['a', 'b', 0, 'c']],
    ['items.007', ['items', 7]],
    ['a.99999999999', ['a', '99999999999']],
    ['@index', ['@index']],
    ['$foo.bar', ['$foo', 'bar']],
    ['a..b', ['a', '', 'b']],
  ])('splitPath(%s)', (raw, path) => {
    expect(splitPath(raw)).toEqual(path);
  });

  it('finds the innermost tag before the first closing brace', () => {
    const text = 'x{{a}y{## {b} ##}{c';
    expect([...scan(text)].map((p) => [p.kind, text.slice(p.start, p.end)])).toEqual([
      ['text', 'x{'],
      ['tag', 'a'],
      ['text', 'y'],
      ['comment', ' {b} '],
      ['text', '{c'],
    ]);
  });

  it('parses references, predicates and whitespace as the reference engine does', () => {
    const engine = createEngine();
    const render = (s: string, d: unknown) => engine.compile(s).template.render(d);
    expect(render('{a.b.1}|{@}|{a.}|{ a}|{a-b_c}', { a: { b: [1, 2] }, 'a-b_c': 'w' })).toBe(
      '2||{a.}|{ a}|w',
    );
    expect(render('{.section\ta}{b}{.end}{.if\n a||c}I{.end}', { a: { b: 'B' } })).toBe('BI');
    expect(render('{.equal?|1|1}E{.end}{.equal? 1}', 1)).toBe('E');
  });
});

describe('inlined escaping in generated code', () => {
  it('escapes like the formatter, and still calls a plugin that replaces html', async () => {
    const { builtinPlugins } = await import('../src/index');
    const shout = { name: 'shout', formatters: { html: (v: unknown) => `[${String(v)}]` } };
    const plain = createEngine().compile('{a|html}{a|htmlattr}').template;
    const replaced = createEngine({ plugins: [...builtinPlugins, shout] }).compile('{a|html}').template;
    for (let i = 0; i < HOT_RUNS * 2; i++) {
      expect(plain.render({ a: '<"&">' })).toBe('&lt;"&amp;"&gt;&lt;&quot;&amp;&quot;&gt;');
      expect(plain.render({ a: 5 })).toBe('55');
      expect(replaced.render({ a: '<b>' })).toBe('[<b>]');
    }
  });

  it('keeps the string bound for long values', () => {
    const { template } = createEngine({ limits: { maxValueLength: 5000 } }).compile('{a|html}');
    for (let i = 0; i < HOT_RUNS * 2; i++) {
      const errors: TemplateError[] = [];
      expect(template.render({ a: '<'.repeat(600) }, { errors })).toBe('&lt;'.repeat(600));
      expect(errors).toEqual([]);
      // 3000 characters in, 12 000 out: the output is over the bound.
      template.render({ a: '<'.repeat(3000) }, { errors });
      expect(errors.map((e) => e.code)).toEqual(['STRING_LIMIT']);
    }
  });
});
