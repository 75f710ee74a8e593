import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMERCE_ERRORS, CommerceError, type CommerceErrorCode, errorMessage } from './errors';

const codes = Object.keys(COMMERCE_ERRORS) as CommerceErrorCode[];
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('error catalogue', () => {
  it.each(codes)('%s has a non-empty message', (code) => {
    expect(COMMERCE_ERRORS[code].trim().length).toBeGreaterThan(0);
  });

  it.each(codes)('%s is documented in the README', (code) => {
    expect(readme).toContain(`\`${code}\``);
  });

  it('codes are SCREAMING_SNAKE_CASE and unique', () => {
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each([
    ['OPTION_MISSING', { option: 'Size' }, 'Please select the Size option.'],
    [
      'CART_MIN_SUBTOTAL',
      { subtotal: '$10.00' },
      'To check out, your order subtotal must be $10.00 or more.',
    ],
    ['INSTALMENTS_ABOVE_MAX', { amount: '$2,000.00' }, 'available for orders up to $2,000.00'],
  ] as const)('errorMessage(%s) fills placeholders', (code, params, expected) => {
    expect(errorMessage(code, params)).toBe(expected);
  });

  it('keeps unknown placeholders visible rather than printing "undefined"', () => {
    expect(errorMessage('OPTION_MISSING')).toBe('Please select the {option} option.');
  });

  it('CommerceError carries a stable code and the catalogue message', () => {
    const error = new CommerceError('UNSUPPORTED_CURRENCY');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('UNSUPPORTED_CURRENCY');
    expect(error.message).toBe(COMMERCE_ERRORS.UNSUPPORTED_CURRENCY);
  });
});
