import { describe, expect, it } from 'vitest';
import { rng } from '../../test/fixtures';
import { CURRENCY_CODES } from './currencies';
import { CommerceError } from '../messages/money';
import { minorToDecimal } from './minor-to-decimal';
import { parseMoney } from './parse-money';
import { toMinorUnits } from './to-minor-units';

describe('parseMoney', () => {
  it.each([
    ['1234.5', 'USD', 123450],
    ['1234.50', 'USD', 123450],
    ['0.1', 'USD', 10],
    ['0.29', 'USD', 29],
    ['.5', 'EUR', 50],
    ['12', 'EUR', 1200],
    ['-12.34', 'GBP', -1234],
    ['+7', 'GBP', 700],
    ['-0', 'USD', 0],
    ['  3.10 ', 'USD', 310],
    ['12.500', 'USD', 1250],
    ['1500', 'JPY', 1500],
    ['1500.00', 'JPY', 1500],
    ['000000000000000000012.34', 'USD', 1234],
    [19.99, 'USD', 1999],
    ['90071992547409.91', 'USD', Number.MAX_SAFE_INTEGER],
  ])('parseMoney(%j, %s) is %i minor units', (text, currency, minor) => {
    expect(parseMoney(text, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'USD', 'INVALID_MONEY'],
    ['abc', 'USD', 'INVALID_MONEY'],
    ['1,234.50', 'USD', 'INVALID_MONEY'],
    ['1e3', 'USD', 'INVALID_MONEY'],
    ['12.', 'USD', 'OK'],
    ['.', 'USD', 'INVALID_MONEY'],
    ['--1', 'USD', 'INVALID_MONEY'],
    ['12.345', 'USD', 'MONEY_TOO_MANY_DECIMALS'],
    ['12.5', 'JPY', 'MONEY_TOO_MANY_DECIMALS'],
    ['1234567890123456', 'USD', 'MONEY_TOO_LARGE'],
    ['999999999999999', 'USD', 'MONEY_TOO_LARGE'],
    ['12', 'XYZ', 'UNSUPPORTED_CURRENCY'],
  ])('parseMoney(%j, %s) gives %s', (text, currency, code) => {
    const result = parseMoney(text, currency);
    if (code === 'OK') expect(result.ok).toBe(true);
    else expect(result).toMatchObject({ ok: false, code, message: expect.any(String) });
  });

  it('fails as a value (not a crash) on non-string input', () => {
    expect(parseMoney(Number.NaN, 'USD')).toMatchObject({ ok: false, code: 'INVALID_MONEY' });
    expect(parseMoney(null as unknown as string, 'USD')).toMatchObject({ ok: false, code: 'INVALID_MONEY' });
  });

  it('round-trips minorToDecimal for many amounts in every currency', () => {
    const next = rng(42);
    for (const currency of CURRENCY_CODES) {
      for (let i = 0; i < 200; i++) {
        const magnitude = 10 ** Math.floor(next() * 15);
        const minor = Math.round((next() - 0.5) * magnitude);
        expect(parseMoney(minorToDecimal(minor, currency), currency)).toEqual({
          ok: true,
          minor: minor || 0,
        });
      }
    }
  });

  it('toMinorUnits throws a CommerceError with the same code', () => {
    expect(toMinorUnits('19.99', 'EUR')).toBe(1999);
    expect(() => toMinorUnits('1.999', 'EUR')).toThrow(CommerceError);
  });
});

describe('minorToDecimal', () => {
  it('refuses more than 15 integer places', () => {
    expect(() => minorToDecimal(1_000_000_000_000_000, 'JPY')).toThrowError(
      expect.objectContaining({ code: 'MONEY_TOO_LARGE' }),
    );
  });

  it.each([
    [123450, 'USD', '1234.50'],
    [-5, 'EUR', '-0.05'],
    [0, 'USD', '0.00'],
    [1500, 'JPY', '1500'],
    [-1500, 'JPY', '-1500'],
    [999_999_999_999_999, 'JPY', '999999999999999'],
  ])('minorToDecimal(%i, %s) is %s', (minor, currency, expected) => {
    expect(minorToDecimal(minor, currency)).toBe(expected);
  });
});
