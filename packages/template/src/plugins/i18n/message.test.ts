import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { message } from './message';

const data = {
  user: { first: 'Ann' },
  n: 2,
  one: 1,
  place: 22,
  sex: 'female',
  price: { decimalValue: '1234.5', currencyCode: 'USD' },
  big: '7654321.123',
  start: Date.UTC(2022, 0, 10, 15),
  end: Date.UTC(2022, 0, 12, 15),
};
const en = fakeContext({ locale: 'en-US', root: data });

describe('message', () => {
  it.each([
    ['Hello {0}', ['user.first'], 'Hello Ann'],
    ['Hello {name}', ['name:user.first'], 'Hello Ann'],
    ['Hello {name}, {1}', ['name=user.first', 'n'], 'Hello Ann, 2'],
    ['{0 plural one{# file} other{# files}}', ['n'], '2 files'],
    ['{0 plural one{# file} other{# files}}', ['one'], '1 file'],
    ['{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}', ['place'], '22nd'],
    ['{0 select female{her} male{his} other{their}}', ['sex'], 'her'],
    ['{0 money}', ['price'], '$1,234.50'],
    ['{0 currency style:code}', ['price'], '1,234.50 USD'],
    ['{0 decimal maxfrac:1}', ['big'], '7,654,321.1'],
    ['{0 number style:short}', ['big'], '7.7M'],
    ['{0 datetime date:medium}', ['start'], 'Jan 10, 2022'],
    ['{0;1 datetime-interval}', ['start', 'end'], 'Jan 10\u2009\u2013\u200912, 2022'],
    ['{0 money}', ['user'], ''],
    ['{0}|{1}', [], '|'],
  ])('%s %j', (pattern, args, expected) => {
    expect(message(pattern, args, en, [])).toBe(expected);
  });

  it('uses the locale plural rules', () => {
    const pl = fakeContext({ locale: 'pl-PL', root: { n: 5 } });
    expect(message('{0 plural one{ONE} few{FEW} many{MANY} other{OTHER}}', ['n'], pl, [])).toBe('MANY');
  });

  it('prefers resolveInScope for arguments', () => {
    const ctx = { ...en, resolveInScope: (ref: unknown) => (ref === '@' ? 'outer' : undefined) };
    expect(message('{0}', ['@'], ctx, [])).toBe('outer');
  });

  it('outputs nothing without locale data', () => {
    expect(message('Hello', [], fakeContext({ locale: null }), [])).toBe('');
  });
});
