import { describe, expect, it } from 'vitest';
import { instalmentProvider, US_TERRITORIES } from './instalment-provider';

describe('instalmentProvider', () => {
  it.each([
    ['US', 'en', { provider: 'AFTERPAY', country: 'US', locale: 'en_US' }],
    ['CA', 'en', { provider: 'AFTERPAY', country: 'CA', locale: 'en_CA' }],
    ['CA', 'fr', { provider: 'AFTERPAY', country: 'CA', locale: 'fr_CA' }],
    ['CA', 'fr-CA', { provider: 'AFTERPAY', country: 'CA', locale: 'fr_CA' }],
    ['AU', 'en', { provider: 'AFTERPAY', country: 'AU', locale: 'en_AU' }],
    ['NZ', 'en', { provider: 'AFTERPAY', country: 'NZ', locale: 'en_NZ' }],
    ['GB', 'en', { provider: 'CLEARPAY', country: 'GB', locale: 'en_GB' }],
    ['AU', 'fr', { provider: 'AFTERPAY', country: 'AU', locale: 'en_AU' }],
    ['gb', 'EN', { provider: 'CLEARPAY', country: 'GB', locale: 'en_GB' }],
    ['FR', 'fr', null],
    ['', 'en', null],
  ])('%s / %s', (country, language, expected) => {
    expect(instalmentProvider(country, language)).toEqual(expected);
  });

  it.each(US_TERRITORIES)('%s uses the US configuration', (territory) => {
    expect(instalmentProvider(territory, 'en')).toEqual({
      provider: 'AFTERPAY',
      country: 'US',
      locale: 'en_US',
    });
  });

  it('lists the seven US territories of the spec', () => {
    expect([...US_TERRITORIES].sort()).toEqual(['AS', 'GU', 'MP', 'PR', 'UM', 'US', 'VI']);
  });
});
