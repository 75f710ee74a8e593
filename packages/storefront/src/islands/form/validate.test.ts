import { describe, expect, it } from 'vitest';
import type { FormFieldDef } from './form-types';
import { MESSAGES } from './messages';
import { fieldError, hiddenValue, initialValues, limitOf } from './validate';

const f = (type: FormFieldDef['type'], extra: Partial<FormFieldDef> = {}): FormFieldDef => ({
  id: 'x',
  type,
  title: 'X',
  ...extra,
});

describe('form field validation (spec §5)', () => {
  it.each([
    [f('text', { required: true }), '', MESSAGES.required],
    [f('text', { required: true }), '  ', MESSAGES.required],
    [f('text'), '', null],
    [f('name', { required: true }), ['', ''], MESSAGES.required],
    [f('name', { required: true }), ['', 'Lovelace'], null],
    [f('checkbox', { required: true }), [], MESSAGES.required],
    [f('radio', { required: true }), '', MESSAGES.required],
    [f('select', { required: true }), 'A', null],
    [f('email'), '', null],
    [f('email'), 'ada@example.com', null],
    [f('email'), 'ada@example', MESSAGES.email],
    [f('email'), '<b>@x.co', MESSAGES.email],
    [f('textarea', { maxLength: 5 }), '12345', null],
    [f('textarea', { maxLength: 5 }), '123456', MESSAGES.characterLimit],
    [f('textarea', { maxLength: 0 }), 'x'.repeat(999), null],
    [f('section', { required: true }), undefined, null],
    [f('hidden', { required: true }), '', null],
  ] as const)('%j with %j → %s', (field, value, expected) => {
    expect(fieldError(field as FormFieldDef, value as never)).toBe(expected);
  });

  it.each([
    [5, 5],
    [0, null],
    [-1, null],
    [2.5, null],
    [undefined, null],
  ])('character limit %s → %s', (maxLength, expected) => {
    expect(limitOf(f('textarea', { maxLength }))).toBe(expected);
  });

  it('takes hidden values from the query string when the key matches', () => {
    const field = f('hidden', { key: 'utm_source', value: 'direct' });
    expect(hiddenValue(field, '?utm_source=newsletter')).toBe('newsletter');
    expect(hiddenValue(field, '?other=1')).toBe('direct');
  });

  it('starts values in the spec shapes (phone with 3 parts without a country code)', () => {
    const values = initialValues(
      [
        f('phone'),
        { ...f('phone', { showCountryCode: true }), id: 'p4' },
        { ...f('likert'), id: 'l' },
        { ...f('section'), id: 's' },
      ],
      '',
    );
    expect(values).toEqual({ x: ['', '', ''], p4: ['', '', '', ''], l: {} });
  });
});
