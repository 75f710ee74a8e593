import { describe, expect, it } from 'vitest';
import { formatMessage } from './message';

describe('formatMessage', () => {
  it.each([
    ['from {fromPrice}', { fromPrice: '<b>5</b>' }, 'from <b>5</b>'],
    ['{price} every {n} weeks', { price: '$1', n: 2 }, '$1 every 2 weeks'],
    ['missing {nope}!', {}, 'missing !'],
    ['Only {qty plural one {# item} other {# items}} left', { qty: 1 }, 'Only 1 item left'],
    ['Only {qty plural one {# item} other {# items}} left', { qty: 4 }, 'Only 4 items left'],
    ['{qty, plural, =0 {none} other {#}}', { qty: 0 }, 'none'],
    ['{kind select gift {Value} other {Option}}', { kind: 'gift' }, 'Value'],
    ['{kind select gift {Value} other {Option}}', { kind: 'x' }, 'Option'],
    ['unclosed {brace', { brace: 1 }, 'unclosed {brace'],
    ['# stays outside plurals', {}, '# stays outside plurals'],
    ['{n number} left', { n: 1234.5 }, '1,234.5 left'],
    ['{n, number} left', { n: 'many' }, 'many left'],
  ])('%s', (pattern, args, expected) => {
    expect(formatMessage(pattern, args)).toBe(expected);
  });

  it('formats numbers for the locale', () => {
    expect(formatMessage('{n number}', { n: 1234.5 }, 'de-DE')).toBe('1.234,5');
  });

  it('prints nothing without locale data', () => {
    expect(formatMessage('from {price}', { price: '$1' }, null)).toBe('');
  });
});
