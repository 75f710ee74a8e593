import { describe, expect, it } from 'vitest';
import { run } from './helpers';

const data = { n: 4, s: 'str', t: true, list: [1, 2], obj: { k: 2 } };
const evalOut = (expr: string) => run(`{.eval ${expr}}`, data);

describe('expression language', () => {
  it.each([
    ['1 + 2 * 3', '7'],
    ['(1 + 2) * 3', '9'],
    ['2 ** 3 ** 2', '512'],
    ['-2 + 5', '3'],
    ['10 / 4', '2.5'],
    ['7 % 4', '3'],
    ['1 << 4 >> 1', '8'],
    ['6 & 3 | 8 ^ 1', '11'],
    ['~0', '-1'],
    ['!0', 'true'],
    ['1 < 2 && 2 <= 2', 'true'],
    ['"a" + 1 + 2', 'a12'],
    ['1 + 2 + "a"', '3a'],
    ['"5" * "2"', '10'],
    ['"x" * 2', 'NaN'],
    ['1 == "1"', 'true'],
    ['1 === "1"', 'false'],
    ['null == 0', 'false'],
    ['0x1F + 1e2', '131'],
    ["'it\\'s' + \"\\t\"", "it's\t"],
    ['"\\u00e9\\x41"', '\u00e9A'],
    ['max(1, n, 3)', '4'],
    ['min(5, "2")', '2'],
    ['abs(-3)', '3'],
    ['num("0x10")', '16'],
    ['str(1) + str(2)', '12'],
    ['bool("")', 'false'],
    ['n * 2; n + 1', '5'],
    ['obj.k + n', '6'],
    ['missing + 1', '1'],
    ['PI > 3 && E < 3', 'true'],
    ['1 2 3', '3'],
  ])('%s = %s', (expr, expected) => {
    const r = evalOut(expr);
    expect(r.errors).toEqual([]);
    expect(r.out).toBe(expected);
  });

  it('assignment creates a scoped variable and prints nothing', () => {
    expect(run('{.eval @x = n * 2}[{@x}]{.section obj}{.eval @y = 1}{.end}[{@y}]', data).out).toBe('[8][]');
  });

  it('drops assignments of an expression that reports an error', () => {
    const r = run('{.eval @x = 1; list + 1}[{@x}]', data);
    expect(r.out).toBe('[]');
    expect(r.errors[0]?.message).toContain('Invalid arguments to operator add');
  });

  it.each([
    ['"abc', 'Unterminated string'],
    ['foo(1)', 'Invalid function foo'],
    ['(1 + 2', 'Mismatched operator found: left paren'],
    ['1 + 2)', 'Mismatched operator found: right paren'],
    ['1.2.3', 'Duplicate decimal point in number'],
    ['0x', 'Expected digits after start of hex number'],
    ['1 # 2', 'Unexpected character at 2: "#"'],
    ['"\\xZZ"', 'Invalid 2-char hex escape found'],
  ])('parse error: %s', (expr, message) => {
    const r = evalOut(expr);
    expect(r.out).toBe('');
    expect(r.errors[0]?.code).toBe('EXPRESSION_PARSE');
    expect(r.errors[0]?.message).toContain(message);
  });

  it.each([
    ['#1 + n', 'EVAL=[[1 n <add>]] -> 5'],
    ['#max(1, 2)', 'EVAL=[[<args> 1 2 max()]] -> 2'],
    // With a syntax error the dump shows what was assembled, and nothing is evaluated.
    ['#(1; 2', 'EVAL=[[2]]'],
    ['#"abc', 'EVAL=[]'],
  ])('debug dump of %s', (expr, expected) => {
    expect(evalOut(expr).out).toBe(expected);
  });
});
