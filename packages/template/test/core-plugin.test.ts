import { describe, expect, it } from 'vitest';
import { coreFormatters } from '../src/plugins/core/formatters';
import { corePredicates } from '../src/plugins/core/predicates';
import { fakeContext } from '../src/testing/fake-context';
import { render } from './helpers';

const fmt = (name: string, value: unknown, args: string[] = [], root: unknown = {}) =>
  (coreFormatters[name] as NonNullable<(typeof coreFormatters)[string]>)(
    value,
    args,
    fakeContext({ node: root }),
    [],
  );

describe('core formatters (direct)', () => {
  it.each([
    ['count', { a: 1, b: 2 }, [], 2],
    ['count', [1, 2, 3], [], 3],
    ['count', 'abcd', [], 4],
    ['count', 12, [], 0],
    ['cycle', 1, ['a', 'b', 'c'], 'a'],
    ['cycle', 5, ['a', 'b', 'c'], 'b'],
    ['cycle', 0, ['a', 'b', 'c'], 'c'],
    ['encode-space', 'a b\tc', [], 'a&nbsp;b&nbsp;c'],
    ['encode-uri', 'a b/é', [], 'a%20b/%C3%A9'],
    ['encode-uri-component', 'a b/é', [], 'a%20b%2F%C3%A9'],
    ['html', '<a href="x">&</a>', [], '&lt;a href="x"&gt;&amp;&lt;/a&gt;'],
    ['htmlattr', '<"&>', [], '&lt;&quot;&amp;&gt;'],
    ['htmltag', '"', [], '&quot;'],
    ['json', { a: '</script>' }, [], '{"a":"<\\/script>"}'],
    ['json', undefined, [], ''],
    ['json-pretty', { a: [1] }, [], '{\n  "a": [\n    1\n  ]\n}'],
    ['raw', { a: '</b>' }, [], '{"a":"</b>"}'],
    ['key-by', [{ id: 'x' }, { id: 'y' }, {}], ['id'], { x: { id: 'x' }, y: { id: 'y' } }],
    ['line-breaks', 'a\nb', [], 'a<br/>b'],
    ['mod', 7, [], 1],
    ['mod', 7, ['3'], 1],
    ['mod', '9', ['4'], 1],
    ['output', 'ignored', ['a', 'b'], 'a b'],
    ['pluralize', 1, [], ''],
    ['pluralize', 2, [], 's'],
    ['pluralize', 2, ['y', 'ies'], 'ies'],
    ['pluralize', 1, ['y', 'ies'], 'y'],
    ['prop', { a: { b: [5, 6] } }, ['a.b.1'], 6],
    ['prop', { a: { b: 1 } }, ['a', 'b'], 1],
    ['prop', { a: 1 }, ['nope'], undefined],
    ['round', 2.5, [], 3],
    ['round', -2.5, [], -2],
    ['safe', 'a <b>bold</b> c', [], 'a bold c'],
    ['slugify', 'Hello, World -- Now!', [], 'hello-world----now'],
    ['smartypants', '"Hi" -- it\'s', [], '\u201cHi\u201d \u2014 it\u2019s'],
    ['str', 12, [], '12'],
    ['str', { a: 1 }, [], ''],
    ['truncate', 'hello brave new world', ['12'], 'hello brave ...'],
    ['truncate', 'helloworld', ['5', '~'], 'hello~'],
    ['truncate', 'short', ['10'], 'short'],
    ['url-encode', 'a b/é*', [], 'a%20b/%C3%A9*'],
  ])('%s %j %j', (name, value, args, expected) => {
    expect(fmt(name, value, args as string[])).toEqual(expected);
  });

  it('format fills placeholders from the scope', () => {
    expect(fmt('format', '{0}-{1}-{2}{x}!', ['a', 'b'], { a: 1, b: 'two' })).toBe('1-two-!');
  });

  it('get descends by the keys held in variables (an array gives a whole path)', () => {
    const root = { key: 'x', path: ['x', 'y'] };
    expect(fmt('get', { x: { y: 5 } }, ['path'], root)).toBe(5);
    expect(fmt('get', { x: 7 }, ['key'], root)).toBe(7);
    expect(fmt('get', { x: 7 }, ['nope'], root)).toBeUndefined();
  });

  it('lookup resolves a variable whose name is held in another', () => {
    expect(fmt('lookup', null, ['which'], { which: 'a.b', a: { b: 'found' } })).toBe('found');
  });

  it('find-first / find-last pick by a truthy path', () => {
    const list = [
      { on: false, n: 1 },
      { on: true, n: 2 },
      { on: true, n: 3 },
    ];
    expect(fmt('find-first', list, ['on'])).toEqual({ on: true, n: 2 });
    expect(fmt('find-last', list, ['on'])).toEqual({ on: true, n: 3 });
  });
});

describe('core formatters through the engine', () => {
  it.each([
    ['{.repeated section xs}{@|iter}{.end}', { xs: ['a', 'b'] }, '12'],
    ['{x|iter}', { x: 1 }, ''],
    ['{n|apply m}{.macro m}x{.end}', { n: 1 }, ''],
    ['{.macro m}<{@}>{.end}{n|apply m}', { n: 1 }, '<1>'],
    ['{.section s}{pat|format a b}{.end}', { s: { a: 'in' }, a: 'out', b: 'b', pat: '{0}/{1}' }, 'in/b'],
  ])('%s', (tpl, data, expected) => {
    expect(render(tpl, data)).toBe(expected);
  });
});

const pred = (name: string, args: string[], node: unknown, root: unknown = node) =>
  (corePredicates[name] as NonNullable<(typeof corePredicates)[string]>)(args, fakeContext({ node, root }));

describe('core predicates', () => {
  it.each([
    ['equal?', ['a', 'b'], { a: 1, b: 1 }, true],
    ['equal?', ['a', '1'], { a: 1 }, true],
    ['equal?', ['a', '"1"'], { a: 1 }, false],
    ['equal?', ['o', '{"x":[1]}'], { o: { x: [1] } }, true],
    ['equal?', ['3'], 3, true],
    ['notEqual?', ['a', '2'], { a: 1 }, true],
    ['greaterThan?', ['a', '2'], { a: 10 }, true],
    ['greaterThan?', ['s', '"b"'], { s: 'a' }, false],
    ['greaterThanOrEqual?', ['t', 'false'], { t: true }, true],
    ['lessThan?', ['a', '"10"'], { a: 9 }, true],
    ['lessThanOrEqual?', ['a', '9'], { a: 9 }, true],
    ['even?', [], 4, true],
    ['even?', [], '4', false],
    ['odd?', ['n'], { n: -3 }, true],
    ['nth?', ['3'], 9, true],
    ['nth?', ['10', '5'], {}, true],
    ['nth?', ['0'], 9, false],
    ['plural?', [], 2, true],
    ['plural?', [], 1, false],
    ['singular?', [], 1, true],
    ['debug?', [], { debug: true }, true],
    ['debug?', [], {}, false],
  ])('%s %j on %j', (name, args, node, expected) => {
    expect(pred(name, args, node)).toBe(expected);
  });
});

describe('hand-written string passes match their regular-expression definitions', () => {
  // Deterministic pseudo-random strings over an alphabet rich in the interesting characters.
  const alphabet = [
    'a',
    'Z',
    '0',
    '-',
    ' ',
    '\t',
    '\n',
    '\u00a0',
    '\u2003',
    '<',
    '>',
    '/',
    'é',
    '!',
    '_',
    '"',
  ];
  let seed = 7;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed;
  };
  const samples = Array.from({ length: 500 }, () =>
    Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join(''),
  );

  it('slugify', () => {
    for (const s of samples) {
      const expected = s
        .replace(/[^a-zA-Z0-9\s-]+/g, '')
        .replace(/\s+/g, '-')
        .toLowerCase();
      expect(fmt('slugify', s)).toBe(expected);
    }
  });

  it('safe', () => {
    for (const s of samples) {
      if (s === '') continue;
      expect(fmt('safe', s)).toBe(s.replace(/<[^>]*?>/g, ''));
    }
  });

  it('html and htmlattr', () => {
    for (const s of samples) {
      expect(fmt('html', s)).toBe(s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      expect(fmt('htmlattr', s)).toBe(
        s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
      );
    }
  });
});

describe('number conversion keeps NaN for unparsable strings (JSON-T asNumber)', () => {
  it.each([
    ['round', 'x', [], Number.NaN],
    ['round', '2.5', [], 3],
    ['mod', 'x', ['3'], Number.NaN],
    ['cycle', 'x', ['a', 'b'], undefined],
    ['pluralize', 'x', [], 's'],
  ])('%s %j', (name, value, args, expected) => {
    expect(fmt(name, value, args as string[])).toEqual(expected);
  });

  it('compares a number with an unparsable string as greater (NaN is never less or equal)', () => {
    expect(pred('greaterThan?', ['a', '"x"'], { a: -1 })).toBe(true);
    expect(pred('lessThanOrEqual?', ['a', '"x"'], { a: -1 })).toBe(false);
  });
});
