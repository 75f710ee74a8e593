import { describe, expect, it } from 'vitest';
import { restockEmailError } from './restock-widget';

describe('restock email (spec §5)', () => {
  it.each([
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    ['a@', 'Email is invalid'],
    ['not an email', 'Email is invalid'],
    [`${'a'.repeat(251)}@b.com`, 'Email is invalid'],
    ['fan@example.com', null],
  ])('%j → %s', (email, expected) => {
    expect(restockEmailError(email)).toBe(expected);
  });
});
