import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/index';

/**
 * Differential check against the reference engine (@squarespace/template-engine, a root
 * devDependency): random templates built from language fragments must parse to the same
 * tree and render the same output. Skipped only if the reference is not installed.
 */
interface ReferenceCompiler {
  parse(source: string): { code: unknown; errors: unknown[] };
  execute(props: Record<string, unknown>): { ctx: { render(): string } };
}

function loadReference(): ReferenceCompiler | null {
  try {
    const { Compiler } = createRequire(import.meta.url)('@squarespace/template-engine');
    return new Compiler();
  } catch {
    return null;
  }
}

const reference = loadReference();
const engine = createEngine();

function generator(seed: number) {
  let s = seed;
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
  return <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
}

// The reference encodes the multi-line comment flag as `true`; FORMAT.md's encoding uses 1.
const normalize = (tree: unknown) => JSON.stringify(tree, (_k, v) => (v === true ? 1 : v === false ? 0 : v));

const FRAGMENTS = [
  '{a}',
  '{a.b}',
  '{xs}',
  '{@}',
  '{@index}',
  '{n|json}',
  '{a|json}',
  '{s|html}',
  '{.section a}',
  '{.section xs}',
  '{.repeated section xs}',
  '{.repeated section a.c}',
  '{.alternates with}',
  '{.or}',
  '{.end}',
  '{.end}',
  '{.end}',
  '{.if n}',
  '{.if a && f}',
  '{.if f || n}',
  '{.equal? n 3}',
  '{.or equal? n 4}',
  '{.even?}',
  '{.var @v n}',
  '{@v}',
  '{.ctx @c k=a.b}',
  '{@c.k}',
  '{.macro m}',
  '{n|apply m}',
  '{.include m output}',
  '{.eval n + 1}',
  '{.eval @e = 2}',
  '{@e}',
  '{# c}',
  '{## c ##}',
  ' ',
  'x',
  '\n',
  '{',
  '}',
  '{ a }',
  '{.meta-left}',
  '{.space}',
  '{v|mod 3}',
  '{s|truncate 3}',
  '{xs|count}',
  '{.section @}',
  '{.repeated section @}',
  '{v}',
  '{.plural?}',
  '{.odd?}',
  '{n}',
  '{0}',
];
const TOKENS = [
  '1',
  '2',
  '0',
  '3.5',
  '0x1f',
  '1e3',
  '"s"',
  "'t'",
  '"3"',
  'true',
  'false',
  'null',
  'n',
  'a.b',
  's',
  'missing',
  '@x',
  '+',
  '-',
  '*',
  '/',
  '%',
  '**',
  '<<',
  '>>',
  '<',
  '>',
  '<=',
  '==',
  '!=',
  '===',
  '&',
  '|',
  '^',
  '&&',
  '||',
  '!',
  '~',
  '=',
  '(',
  ')',
  ',',
  ';',
  'max(',
  'min(',
  'abs(',
  'num(',
  'str(',
  'bool(',
  'PI',
  'NaN',
];
const DATA = {
  a: { b: 1, c: [1, 2] },
  xs: [{ v: 1 }, { v: 2, b: 'B' }, { v: 3 }],
  n: 3,
  f: false,
  s: 'a <b> c d',
  v: 7,
};

const refRender = (ref: ReferenceCompiler, code: string) =>
  ref.execute({ code, json: DATA, enableExpr: true, enableInclude: true }).ctx.render();

describe.skipIf(reference === null)('differential against the reference engine', () => {
  const ref = reference as ReferenceCompiler;

  it('random templates: same tree, same errors-or-not, same output', () => {
    const pick = generator(20261122);
    let valid = 0;
    for (let i = 0; i < 1500; i++) {
      const n = 1 + Math.floor(pick([...Array(12).keys()]));
      let source = '';
      for (let j = 0; j < n; j++) source += pick(FRAGMENTS);
      const theirs = ref.parse(source);
      const ours = engine.parse(source);
      expect({ source, hasErrors: ours.errors.length > 0 }).toEqual({
        source,
        hasErrors: theirs.errors.length > 0,
      });
      if (ours.errors.length) continue;
      valid++;
      expect({ source, tree: normalize(ours.ast) }).toEqual({ source, tree: normalize(theirs.code) });
      expect({ source, out: engine.compile(source).template.render(DATA) }).toEqual({
        source,
        out: refRender(ref, source),
      });
    }
    expect(valid).toBeGreaterThan(100);
  });

  it('random expressions: same value, same assignments, same debug dump', () => {
    const pick = generator(42);
    for (let i = 0; i < 1500; i++) {
      const n = 1 + Math.floor(pick([...Array(8).keys()]));
      let expr = '';
      for (let j = 0; j < n; j++) expr += `${pick(TOKENS)}${pick(['', ' '])}`;
      const source = `{.eval ${expr}}|{@x}|{.eval #${expr}}`;
      expect({ source, out: engine.compile(source).template.render(DATA) }).toEqual({
        source,
        out: refRender(ref, source),
      });
    }
  });
  it('random formatter, predicate and partial combinations: same output', () => {
    const pick = generator(7);
    const vars = [
      'a',
      'a.b',
      'xs',
      'xs.1',
      'n',
      's',
      'f',
      'o',
      'nul',
      'missing',
      '@',
      'arr',
      'num',
      'keys',
      'big',
    ];
    const fmts = [
      'json',
      'json-pretty',
      'html',
      'htmlattr',
      'count',
      'str',
      'round',
      'safe',
      'slugify',
      'smartypants',
      'url-encode',
      'encode-uri',
      'encode-space',
      'iter',
      'truncate 4',
      'truncate 2 !',
      'mod 4',
      'cycle a b c',
      'pluralize x y',
      'output q r',
      'prop b',
      'prop 1 v',
      'get keys',
      'key-by v',
      'format n s',
      'lookup s',
      'apply p',
      'apply p private',
      'apply p k=v',
      'apply q',
      'find-first v',
    ];
    const preds = [
      'equal? n 3',
      'equal?|s|"a <b> c d"',
      'notEqual? n',
      'greaterThan? n 2',
      'lessThan? num 2',
      'even?',
      'odd? n',
      'nth? n 3',
      'plural?',
      'singular?',
      'equal? o {"x":1}',
    ];
    const data = {
      ...DATA,
      o: { x: 1 },
      nul: null,
      arr: [1, null],
      num: 1.5,
      keys: ['a', 'b'],
      big: 'Say "hi" -- now\nok',
    };
    const partials = { p: '[{@}{n}{@args.k}{.section @}{b}{.end}]', q: '{@|apply q}' };
    const variable = () => `{${pick(vars)}|${pick(fmts)}${pick(['', `|${pick(fmts)}`])}}`;
    for (let i = 0; i < 1000; i++) {
      let source = '';
      for (let j = 0; j < 4; j++) {
        source += pick([
          variable(),
          `{.${pick(preds)}}Y{.or}N{.end}`,
          `{.section ${pick(vars)}}{.${pick(preds)}}y{.end}${variable()}{.end}`,
          `{.repeated section ${pick(vars)}}{@index}${variable()}{.alternates with},{.end}`,
        ]);
      }
      const theirs = ref.execute({
        code: source,
        json: data,
        partials,
        enableExpr: true,
        enableInclude: true,
      });
      expect({ source, out: engine.compile(source, { partials }).template.render(data) }).toEqual({
        source,
        out: theirs.ctx.render(),
      });
    }
  });
});
