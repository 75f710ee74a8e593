import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { cldrLib } from './cldr';
import { bestFit, convert, splitSequence } from './unit-convert';
import { unit } from './unit-format';
import { unitName } from './unit-sets';

const us = fakeContext({ locale: 'en-US' });
const fr = fakeContext({ locale: 'fr-FR' });
const d = (s: string) => new (cldrLib().Decimal)(s);
const run = (value: unknown, args: string, ctx = us) => unit(value, args.split(' '), ctx, []);

describe('unitName', () => {
  it.each([
    ['inch', 'inch'],
    ['inches', 'inch'],
    ['feet', 'foot'],
    ['amps', 'ampere'],
    ['metric-ton', 'tonne'],
    ['liters-per-kilometer', 'liter-per-kilometer'],
    ['furlongs', 'furlong'],
    ['parsnip', undefined],
  ])('%s', (raw, expected) => {
    expect(unitName(raw)).toBe(expected);
  });
});

describe('convert', () => {
  it.each([
    ['1', 'mile', 'foot', '5280'],
    ['100', 'celsius', 'fahrenheit', '212'],
    ['-40', 'fahrenheit', 'celsius', '-40'],
    ['1', 'kilobyte', 'bit', '8192'],
    ['2', 'gigabit', 'megabit', '2000'],
    ['10', 'liter-per-100-kilometer', 'liter-per-kilometer', '0.1'],
    ['1', 'revolution', 'arc-minute', '21600'],
  ])('%s %s → %s', (value, from, to, expected) => {
    expect(convert(d(value), from, to)?.compare(d(expected))).toBe(0);
  });

  it('refuses to mix categories', () => {
    expect(convert(d('1'), 'mile', 'gram')).toBeUndefined();
  });

  it('fits the largest unit with a magnitude of at least one', () => {
    expect(bestFit(d('5000'), 'meter', ['kilometer', 'meter'])?.unit).toBe('kilometer');
    expect(bestFit(d('0.5'), 'meter', ['kilometer', 'meter'])?.unit).toBe('meter');
  });

  it('splits sequences into whole parts, dropping zeros', () => {
    const parts = splitSequence(d('-3661'), 'second', ['hour', 'minute', 'second']);
    expect(parts?.map((p) => [p.unit, String(Number(p.value.toString()))])).toEqual([
      ['hour', '-1'],
      ['minute', '1'],
      ['second', '1'],
    ]);
    const noMinutes = splitSequence(d('3601'), 'second', ['hour', 'minute', 'second']);
    expect(noMinutes?.map((p) => p.unit)).toEqual(['hour', 'second']);
  });
});

describe('unit', () => {
  it.each([
    ['100', 'in:yard', us, '100yd'],
    ['5280', 'in:foot', us, '1mi'],
    ['7920', 'in:foot format:long', us, '1.5 miles'],
    ['5000', 'in:foot out:meter format:short', us, '1524 m'],
    ['5000', 'in:foot out:meter group', us, '1,524m'],
    ['100', 'in:celsius', us, '212°'],
    ['100', 'in:celsius format:long', fr, '100 degrés Celsius'],
    ['2048', 'in:kilobyte format:long', us, '2 megabytes'],
    ['3661', 'in:second sequence:hour,minute,second format:long', us, '1 hour 1 minute 1 second'],
    ['90', 'in:minute out:hour,minute format:long', us, '1.5 hours'],
    ['2.5', 'in:kilogram compact:mass format:long', fr, '2,5 kilogrammes'],
    ['2.5', 'in:kilogram compact:mass format:long', us, '5.5 pounds'],
    ['1.23456', 'in:meter out:meter maxfrac:3 format:long', us, '1.235 meters'],
    ['0.50986', 'in:meter out:meter maxfrac:3', us, '0.510m'],
    ['0.5', 'in:meter out:meter', us, '0.5m'],
    ['90.5', 'in:second sequence:minute,second maxfrac:2', us, '1m 30.50s'],
  ])('%s %s', (value, args, ctx, expected) => {
    expect(run(value, args, ctx)).toBe(expected);
  });

  it('uses the old no-break space for groups and plain spaces in patterns', () => {
    expect(run('1234567', 'in:meter out:meter group format:long', fr)).toBe('1\u00a0234\u00a0567 mètres');
  });

  it('passes values it cannot convert through', () => {
    const obj = { a: 1 };
    expect(run(obj, 'in:inch')).toBe(obj);
    expect(run('12', 'in:inch out:gram')).toBe('12');
  });

  it('outputs nothing without locale data', () => {
    expect(run('12', 'in:inch', fakeContext({ locale: null }))).toBe('');
  });
});
