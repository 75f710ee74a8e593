import { CURRENCY_CODES } from '@store/commerce';
import { describe, expect, it } from 'vitest';
import { countryOptions, currencyOptions, guessedDefaults, timeZoneOptions } from './setup-options';

describe('the setup screen’s choices', () => {
  it('offers every store currency once, named', () => {
    const options = currencyOptions('en-US');
    expect(options.map((o) => o.value).sort()).toEqual([...CURRENCY_CODES].sort());
    expect(options.find((o) => o.value === 'EUR')?.label).toBe('Euro (EUR)');
  });

  it.each([
    ['DE', 'Germany', true],
    ['JP', 'Japan', true],
    ['EU', 'European Union', false],
    ['ZZ', 'Unknown Region', false],
  ])('lists %s (%s): %s', (code, name, listed) => {
    const found = countryOptions('en-US').find((o) => o.value === code);
    expect(Boolean(found)).toBe(listed);
    if (listed) expect(found?.label).toBe(name);
  });

  it('sorts countries by name and has no made-up codes', () => {
    const labels = countryOptions('en-US').map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en-US')));
    expect(countryOptions('en-US').some((o) => o.value === 'QQ')).toBe(false);
  });

  it('offers UTC and the IANA zones', () => {
    const zones = timeZoneOptions().map((o) => o.value);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
  });

  it.each([
    ['de-DE', 'DE', 'EUR'],
    ['en-GB', 'GB', 'GBP'],
    ['ja', 'US', 'JPY'],
  ])('guesses from the browser language %s: %s and %s', (language, country, currency) => {
    expect(guessedDefaults(language)).toMatchObject({ country, currency });
  });
});
