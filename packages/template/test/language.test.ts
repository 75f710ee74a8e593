import { describe, expect, it } from 'vitest';
import { render, run } from './helpers';

const data = {
  name: 'Ann',
  n: 3,
  zero: 0,
  yes: true,
  no: false,
  nil: null,
  empty: '',
  list: [1, 2, 3],
  mixed: [null, { a: 1 }, [2, 3], 'x'],
  items: [
    { title: 'A', price: 10 },
    { title: 'B', price: 20 },
  ],
  user: { name: 'Bob', address: { city: 'Oslo' } },
  website: { timeZone: 'Europe/Oslo' },
};

describe('variables and output', () => {
  it.each([
    ['{name}', 'Ann'],
    ['{user.name} {user.address.city}', 'Bob Oslo'],
    ['{list.1}', '2'],
    ['{list}', '1,2,3'],
    ['{mixed}', 'null,[object Object],2,3,x'],
    ['{user}', ''],
    ['{nil}{missing}{user.nope.deeper}', ''],
    ['{yes} {no} {zero}', 'true false 0'],
    ['{n, name|json}', '3'],
    ['{@}', ''],
    ['{ name }', '{ name }'],
    ['{a||b?1:0}', '{a||b?1:0}'],
    ['{name|}', '{name|}'],
    ['{{name}', '{Ann'],
    ['{.meta-left}x{.meta-right}{.space}{.tab}{.newline}', '{x} \t\n'],
    ['a{# single }b{## multi {name} ##}c', 'abc'],
  ])('%s', (tpl, expected) => {
    expect(render(tpl, data)).toBe(expected);
  });
});

describe('sections and scopes', () => {
  it.each([
    ['{.section user}{name} in {address.city}{.end}', 'Bob in Oslo'],
    ['{.section user.address}{city}{.end}', 'Oslo'],
    ['{.section missing}x{.or}none{.end}', 'none'],
    ['{.section empty}x{.or}empty{.end}', 'empty'],
    // An inner lookup falls back to the enclosing scopes.
    ['{.section user}{n}{.end}', '3'],
    // A section's own name is only looked up on the current scope.
    ['{.section user}{.section n}x{.or}no{.end}{.end}', 'no'],
    ['{.section nil}x{.or}[{@}]{.end}', '[]'],
  ])('%s', (tpl, expected) => {
    expect(render(tpl, data)).toBe(expected);
  });
});

describe('repeated sections', () => {
  it.each([
    ['{.repeated section list}{@}{.alternates with}, {.end}', '1, 2, 3'],
    ['{.repeated section items}{@index}/{@index0}:{title}{.alternates with};{.end}', '1/0:A;2/1:B'],
    ['{.repeated section missing}x{.or}none{.end}', 'none'],
    ['{.repeated section user}x{.or}not a list{.end}', 'not a list'],
    ['{.repeated section items}{.section title}{@index}{.end}{.end}', '12'],
    ['{.repeated section items}{name}{.end}', 'AnnAnn'],
    ['{.section list}{length}{.end}', '3'],
    ['{.repeated section list}{list.length}{.end}', ''],
  ])('%s', (tpl, expected) => {
    expect(render(tpl, data)).toBe(expected);
  });
});

describe('predicates, if and or-chains', () => {
  it.each([
    ['{.if yes && n}a{.or}b{.end}', 'a'],
    ['{.if no || zero}a{.or}b{.end}', 'b'],
    // Left to right with short-circuit exit: a false `&&` ends the test (no precedence).
    ['{.if zero && no || yes}a{.or}b{.end}', 'b'],
    ['{.if no || yes && n}a{.or}b{.end}', 'a'],
    ['{.if equal? n 3}three{.end}', 'three'],
    ['{.equal? n 4}four{.or equal? n 3}three{.or}other{.end}', 'three'],
    ['{.equal?|name|"Ann"}hi{.end}', 'hi'],
    ['{.section n}{.odd?}odd{.or}even{.end}{.end}', 'odd'],
    ['{.notEqual? name "Bob"}not bob{.end}', 'not bob'],
  ])('%s', (tpl, expected) => {
    expect(render(tpl, data)).toBe(expected);
  });
});

describe('variables: .var, .ctx, .inject, .eval', () => {
  it.each([
    ['{.var @t user.name}{@t}', 'Bob'],
    ['{.var @c list|count}{@c}', '3'],
    ['{.section user}{.var @x name}{.end}[{@x}]', '[]'],
    ['{.ctx @p who=user.name num=n}{@p.who}-{@p.num}', 'Bob-3'],
    ['{.inject @cfg ./cfg.json}{@cfg.flag}', 'on'],
    ['{.inject @cfg ./nope.json}[{@cfg}]', '[]'],
    ['{.eval @a = n * 2}{@a}', '6'],
  ])('%s', (tpl, expected) => {
    expect(render(tpl, data, { inject: { './cfg.json': '{"flag":"on"}' } })).toBe(expected);
  });
});

describe('macros, partials, apply and include', () => {
  const partials = {
    card: '<{title}>',
    withArgs: '{@args.size}:{@}',
    leak: '{name}',
    setter: '{.var @set n}',
  };
  it.each([
    ['{.repeated section items}{@|apply card}{.end}', '<A><B>'],
    ['{.macro m}[{@}]{.end}{n|apply m}', '[3]'],
    ['{.macro card}macro{.end}{n|apply card}', 'macro'],
    ['{n|apply withArgs size=big}', 'big:3'],
    ['{user|apply leak}|{user|apply leak private}', 'Bob|Bob'],
    ['{n|apply leak}|{n|apply leak private}', 'Ann|'],
    ['{.include setter}{@set}', '3'],
    ['{.include card}|{.include card output}', '|<>'],
  ])('%s', (tpl, expected) => {
    expect(run(tpl, data, { compilePartials: partials }).out).toBe(expected);
  });

  it('reports a missing partial and renders empty', () => {
    const r = run('a{n|apply nope}b', data);
    expect(r.out).toBe('ab');
    expect(r.errors.map((e) => e.code)).toEqual(['PARTIAL_MISSING']);
  });

  it('stops mutual recursion at 16 levels with an error', () => {
    const r = run('{.macro a}x{@|apply b}{.end}{.macro b}{@|apply a}{.end}{n|apply a}', data);
    // a runs at depths 1,3,...,15: eight times.
    expect(r.out).toBe('x'.repeat(8));
    expect(r.errors.some((e) => e.code === 'PARTIAL_RECURSION')).toBe(true);
  });

  it('uses render-time partials', () => {
    expect(render('{n|apply p}', data, { partials: { p: '#{@}' } })).toBe('#3');
  });
});

describe('compiled code', () => {
  it('keeps any literal text exactly (quotes, backslashes, template syntax, line separators)', () => {
    const text = 'a"b\'c`d$e\\f\n\r\u2028\u2029</script>';
    expect(render(`${text}{name}${text}{.section user}${text}{.end}`, data)).toBe(`${text}Ann${text}${text}`);
  });

  it('renders very large blocks through the closure fallback identically', () => {
    const tags = Array.from({ length: 3000 }, (_, i) => `<i>${i}</i>{.section user}{name}{.end}{n}`).join('');
    const expected = Array.from({ length: 3000 }, (_, i) => `<i>${i}</i>Bob3`).join('');
    expect(render(tags, data)).toBe(expected);
  });
});
