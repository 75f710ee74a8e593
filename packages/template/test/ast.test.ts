import { describe, expect, it } from 'vitest';
import { parse } from '../src/index';

describe('instruction tree (JSON-T encoding)', () => {
  it.each([
    ['hi', [[0, 'hi']]],
    ['{a.0.b|truncate 10|html}', [[1, [['a', 0, 'b']], [['truncate', [['10'], ' ']], ['html']]]]],
    ['{a, b}', [[1, [['a'], ['b']], 0]]],
    ['{.section a}x{.or}y{.end}', [[2, ['a'], [[0, 'x']], [7, 0, 0, [[0, 'y']], 3]]]],
    ['{.repeated section a}x{.alternates with},{.end}', [[4, ['a'], [[0, 'x']], 3, [[0, ',']]]]],
    ['{.equal?|a|"b c"}{.end}', [[5, 'equal?', [['a', '"b c"'], '|'], [], 3]]],
    ['{.if a && b || c}{.end}', [[8, [1, 0], [['a'], ['b'], ['c']], [], 3]]],
    ['{.if even? a}{.end}', [[5, 'even?', [['a'], ' '], [], 3]]],
    ['{.var @x a|json}', [[6, '@x', [['a']], [['json']]]]],
    ['{.ctx @c k=a.b}', [[22, '@c', [['k', ['a', 'b']]]]]],
    ['{.inject @i ./f.json}', [[9, '@i', './f.json', 0]]],
    ['{.macro m}x{.end}', [[10, 'm', [[0, 'x']]]]],
    [
      '{# c #}{## m ##}',
      [
        [11, ' c #', 0],
        [11, ' m ', 1],
      ],
    ],
    ['{.meta-left}{.meta-right}{.newline}{.space}{.tab}', [12, 13, 14, 15, 16]],
    ['{.eval 1 + 2}', [[23, '1 + 2']]],
    [
      '{.include p}{.include p output}',
      [
        [24, 'p', [[], ' ']],
        [24, 'p', [['output'], ' ']],
      ],
    ],
    [
      'a{ b }c',
      [
        [0, 'a'],
        [0, '{ b }'],
        [0, 'c'],
      ],
    ],
  ])('%s', (source, block) => {
    const { ast, errors } = parse(source);
    expect(errors).toEqual([]);
    expect(ast).toEqual([17, 1, block, 18]);
  });
});
