import { describe, expect, it } from 'vitest';
import { type TemplateError, createEngine, errorCodeDocs } from '../src/index';
import { engine, run } from './helpers';

describe('compile errors', () => {
  it.each([
    ['{x|nosuch}', 'parser', 'FORMATTER_UNKNOWN', "SyntaxError: Formatter 'nosuch' is unknown", 1, 1],
    [
      'ab\n  {.nosuch? x}y{.end}',
      'parser',
      'PREDICATE_UNKNOWN',
      "SyntaxError: Predicate 'nosuch?' is unknown",
      2,
      3,
    ],
    [
      '{.section a}\nx',
      'assembler',
      'EOF_IN_BLOCK',
      'SyntaxError: Reached EOF in the middle of SECTION',
      1,
      1,
    ],
    ['x{.end}', 'assembler', 'NOT_ALLOWED_AT_ROOT', 'SyntaxError: Instruction END not allowed at root', 1, 2],
    [
      '{.or}',
      'assembler',
      'NOT_ALLOWED_AT_ROOT',
      'SyntaxError: Instruction OR_PREDICATE not allowed at root',
      1,
      1,
    ],
    [
      '{.section a}{.alternates with}{.end}',
      'assembler',
      'NOT_ALLOWED_IN_BLOCK',
      'SyntaxError: ALTERNATES_WITH instruction is not allowed inside SECTION block.',
      1,
      13,
    ],
    [
      '{.macro m}{.or}{.end}',
      'assembler',
      'NOT_ALLOWED_IN_BLOCK',
      'SyntaxError: OR_PREDICATE instruction is not allowed inside MACRO block.',
      1,
      11,
    ],
    [
      '{.if a}{.or}{.or}{.end}',
      'assembler',
      'DEAD_CODE',
      'SyntaxError: This OR_PREDICATE block will never execute.',
      1,
      13,
    ],
  ])('%s', (source, type, code, message, line, column) => {
    const { errors } = engine.compile(source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ type, code, message, line, column });
    expect(errors[0]?.frame).toContain('^');
  });

  it('reports errors of partials with the partial name', () => {
    const { errors } = engine.compile('{a|apply p}', { partials: { p: 'ok\n{b|bogus}' } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'FORMATTER_UNKNOWN', partial: 'p', line: 2, column: 1 });
  });

  it('keeps a tag with an unknown formatter as literal text and renders the rest', () => {
    const { template, errors } = engine.compile('{a|bogus} {a}');
    expect(errors).toHaveLength(1);
    expect(template.render({ a: 1 })).toBe('{a|bogus} 1');
  });

  it('closes unclosed blocks so the template still renders', () => {
    const { template } = engine.compile('{.section a}[{b}]');
    expect(template.render({ a: { b: 2 } })).toBe('[2]');
  });
});

describe('runtime errors never throw', () => {
  it.each([
    ['throwing formatter', '{a|boom}'],
    ['throwing predicate', '{.boom? a}x{.end}'],
  ])('%s', (_name, source) => {
    const custom = createEngine({
      plugins: [
        {
          name: 'boom',
          formatters: {
            boom: () => {
              throw new TypeError('kaboom');
            },
          },
          predicates: {
            'boom?': () => {
              throw new TypeError('kaboom');
            },
          },
        },
      ],
    });
    const { template, errors } = custom.compile(`<${source}>`);
    expect(errors).toEqual([]);
    const runtime: TemplateError[] = [];
    expect(template.render({ a: 1 }, { errors: runtime })).toBe('<>');
    expect(runtime[0]?.message).toContain('kaboom');
  });

  it('collects formatter-reported errors with positions', () => {
    const r = run('\n  {.eval 1 +}', {});
    expect(r.out).toBe('\n  ');
    expect(r.errors[0]).toMatchObject({ code: 'EXPRESSION_REDUCE', line: 2, column: 3 });
  });
});

describe('error catalogue', () => {
  it('documents every code', () => {
    const codes = Object.keys(errorCodeDocs);
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes)
      expect(errorCodeDocs[code as keyof typeof errorCodeDocs].length).toBeGreaterThan(10);
  });
});
