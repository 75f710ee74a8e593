import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api';
import { changedFields, failureMessages, money } from './settings-api';
import {
  firstError,
  fromLocal,
  parseZones,
  percent,
  rateToBasisPoints,
  toLocal,
  zonesText,
} from './settings-format';

describe('tax rates typed in percent', () => {
  it('read up to two decimals into basis points', () => {
    expect(rateToBasisPoints('8.25')).toBe(825);
    expect(rateToBasisPoints(' 20 ')).toBe(2000);
    expect(rateToBasisPoints('8.5')).toBe(850);
    expect(rateToBasisPoints('0')).toBe(0);
  });

  it('refuse what is not a plain rate (a third decimal, a sign, a comma, text)', () => {
    for (const text of ['8.875', '-1', '8,5', 'twenty', '', '1000'])
      expect(rateToBasisPoints(text), text).toBeNull();
  });

  it('show basis points as the owner typed them, without trailing zeros', () => {
    expect(percent(825)).toBe('8.25');
    expect(percent(850)).toBe('8.5');
    expect(percent(2000)).toBe('20');
    expect(percent(5)).toBe('0.05');
    // Round trip: what the form shows reads back to the same rate.
    for (const bp of [0, 5, 50, 825, 850, 10_000]) expect(rateToBasisPoints(percent(bp))).toBe(bp);
  });
});

describe('shipping zones typed as text', () => {
  it('read countries and country-regions, upper-cased, blanks dropped', () => {
    expect(parseZones('us-ny, CA,, gb ')).toEqual([
      { country: 'US', region: 'NY' },
      { country: 'CA' },
      { country: 'GB' },
    ]);
    expect(parseZones('')).toEqual([]);
    // A region with a dash of its own keeps it.
    expect(parseZones('GB-ENG-LND')).toEqual([{ country: 'GB', region: 'ENG-LND' }]);
  });

  it('write back the same text', () => {
    const zones = [{ country: 'US', region: 'NY' }, { country: 'CA' }];
    expect(zonesText(zones)).toBe('US-NY, CA');
    expect(parseZones(zonesText(zones))).toEqual(zones);
  });

  it('a zone error shows on the one zones field, whichever zone it names', () => {
    expect(firstError({ name: 'x', 'zones.2.region': 'Too long' }, 'zones')).toBe('Too long');
    expect(firstError({ zonesExtra: 'no' }, 'zones')).toBeUndefined();
  });
});

describe('coupon dates in the owner’s local time', () => {
  it('round-trip through a datetime-local value to the minute', () => {
    const iso = '2026-03-01T09:30:00.000Z';
    const local = toLocal(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocal(local)).toBe(iso);
    expect(toLocal(null)).toBe('');
    expect(fromLocal('')).toBeNull();
  });
});

describe('store settings helpers', () => {
  it('send only the fields that differ from what was loaded', () => {
    const saved = { currency: 'USD', minimum: 0, light: false };
    expect(changedFields(saved, { ...saved, light: true })).toEqual({ light: true });
    expect(changedFields(saved, { ...saved })).toEqual({});
  });

  it('money typed in major units: blank is 0, negative and junk are refused with a message', () => {
    expect(money.parse('', 'USD')).toEqual({ ok: true, minor: 0 });
    expect(money.parse('12.50', 'USD')).toEqual({ ok: true, minor: 1250 });
    expect(money.parse('1200', 'JPY')).toEqual({ ok: true, minor: 1200 });
    expect(money.parse('-3', 'USD')).toMatchObject({ ok: false });
    const junk = money.parse('abc', 'USD');
    expect(junk.ok).toBe(false);
    expect(!junk.ok && junk.message.length > 0).toBe(true);
    expect(money.text(1250, 'USD')).toBe('12.50');
  });

  it('a refused save: field messages when it names fields, else its message', () => {
    const fields = new ApiFailure(400, 'VALIDATION_FAILED', 'code: Taken', false, false, {
      errors: { code: 'Taken' },
    });
    expect(failureMessages(fields)).toEqual({ fields: { code: 'Taken' }, general: '' });
    expect(failureMessages(new ApiFailure(404, 'NOT_FOUND', 'That was not found'))).toEqual({
      fields: {},
      general: 'That was not found',
    });
    expect(failureMessages(new Error('x')).general).toBe('Something went wrong');
  });
});
