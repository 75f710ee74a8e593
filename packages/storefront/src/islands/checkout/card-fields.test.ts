import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  type CardFields,
  caretAfterDigits,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  parseExpiry,
  reformat,
  validateCard,
} from './card-fields';

describe('formatCardNumber', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['42424242424242424242', '4242 4242 4242 4242 424'], // 19 digits at most
    ['378282246310005', '3782 822463 10005'], // American Express: 4-6-5
    ['3782822463100059', '3782 822463 10005'], // … and 15 digits at most
  ])('%j → %j', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });
});

describe('formatExpiry', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['4', '04'],
    ['122', '12/2'],
    ['1226', '12/26'],
    ['12/26', '12/26'],
    ['12 / 2', '12/2'],
    ['122699', '12/26'],
  ])('%j → %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });
});

it.each([
  ['12a3', '123'],
  ['12345', '1234'],
])('formatCvc %j → %j', (typed, shown) => {
  expect(formatCvc(typed)).toBe(shown);
});

describe('caretAfterDigits', () => {
  it.each([
    ['4242 4242', 0, 0],
    ['4242 4242', 4, 4],
    ['4242 4242', 5, 6],
    ['4242 4242', 8, 9],
    ['4242 4242', 12, 9],
    ['12/2', 3, 4],
  ])('%j after %i digits → %i', (text, digits, caret) => {
    expect(caretAfterDigits(text, digits)).toBe(caret);
  });
});

describe('reformat (one edit in a formatted field)', () => {
  it.each([
    // previous, typed, caret, deleting → value, caret
    ['4242', '42424', 5, null, '4242 4', 6],
    ['4242 4242', '42942 4242', 3, null, '4294 2424 2', 3],
    ['4242 4', '4242 ', 5, 'backward', '4242', 4],
    // Backspace right after the space deletes the digit before it, not just the space.
    ['4242 4', '42424', 4, 'backward', '4244', 3],
    // Delete right before the space deletes the digit after it.
    ['4242 4242', '42424242', 4, 'forward', '4242 242', 4],
  ] as const)('%j → typed %j at %i (%s)', (previous, typed, caret, deleting, value, at) => {
    expect(reformat(previous, typed, caret, formatCardNumber, deleting)).toEqual({ value, caret: at });
  });

  it.each([
    ['', '4', 1, null, '04', 2],
    ['12', '122', 3, null, '12/2', 4],
    ['12/2', '122', 2, 'backward', '12', 1],
  ] as const)('expiry %j → typed %j at %i', (previous, typed, caret, deleting, value, at) => {
    expect(reformat(previous, typed, caret, formatExpiry, deleting)).toEqual({ value, caret: at });
  });
});

it.each([
  ['12/26', { expMonth: 12, expYear: 2026 }],
  ['01/30', { expMonth: 1, expYear: 2030 }],
  ['1/30', null],
  ['13/30', null],
  ['00/30', null],
  ['1230', null],
])('parseExpiry(%j)', (text, parsed) => {
  expect(parseExpiry(text)).toEqual(parsed);
});

describe('validateCard', () => {
  const good: CardFields = {
    number: '4242 4242 4242 4242',
    expiry: '12/30',
    cvc: '123',
    name: 'Ada Lovelace',
  };

  it("accepts a complete card (its validity is the tokenizer's answer)", () => {
    expect(validateCard(good)).toEqual({});
    expect(validateCard({ ...good, number: '4242 4242 4242 4241' })).toEqual({});
  });

  it('requires every field', () => {
    expect(validateCard({ number: '', expiry: ' ', cvc: '', name: '  ' })).toEqual({
      number: CARD_MESSAGES.required,
      expiry: CARD_MESSAGES.required,
      cvc: CARD_MESSAGES.required,
      name: CARD_MESSAGES.required,
    });
  });

  it.each([
    ['number', ' - ', CARD_MESSAGES.required],
    ['expiry', '13/30', CARD_MESSAGES.expiryFormat],
    ['expiry', '1230', CARD_MESSAGES.expiryFormat],
    ['expiry', '1/3', CARD_MESSAGES.expiryFormat],
    ['expiry', '01/30', undefined],
  ] as const)('%s %j → %j', (field, value, message) => {
    expect(validateCard({ ...good, [field]: value })[field]).toBe(message);
  });
});
