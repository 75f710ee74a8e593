import { describe, expect, it } from 'vitest';
import type { ShippingLocation } from './cart-types';
import {
  offeredShippingOptions,
  type ShippingRate,
  type ShippingZone,
  shippedWeightGrams,
  shippingCost,
  shipsTo,
} from './shipping-options';

describe('shipsTo', () => {
  const us: ShippingZone[] = [{ country: 'US' }];
  const nyNj: ShippingZone[] = [
    { country: 'US', region: 'NY' },
    { country: 'US', region: 'NJ' },
  ];
  it.each([
    ['no zones ship everywhere', [], { country: 'FR' }, true],
    ['no zones ship even with no address', [], null, true],
    ['a zoned option needs an address', us, null, false],
    ['country match', us, { country: 'US', region: 'TX' }, true],
    ['country match, any case', us, { country: 'us' }, true],
    ['other country', us, { country: 'CA' }, false],
    ['region match', nyNj, { country: 'US', region: 'nj' }, true],
    ['region mismatch', nyNj, { country: 'US', region: 'CA' }, false],
    ['region zone needs a region', nyNj, { country: 'US' }, false],
    [
      'null region means the whole country',
      [{ country: 'GB', region: null }],
      { country: 'GB', region: 'SCT' },
      true,
    ],
  ] as [string, ShippingZone[], ShippingLocation | null, boolean][])(
    '%s',
    (_name, zones, location, expected) => {
      expect(shipsTo(zones, location)).toBe(expected);
    },
  );
});

describe('shippingCost', () => {
  const flat: ShippingRate = { id: 'f', name: 'Flat', kind: 'FLAT', costCents: 500 };
  const weight: ShippingRate = {
    id: 'w',
    name: 'Weight',
    kind: 'WEIGHT',
    costCents: 400,
    ratePerKgCents: 250,
  };
  it.each([
    ['flat ignores weight', flat, 1000, 99_000, 500],
    ['weight: nothing weighed costs the base', weight, 1000, 0, 400],
    ['weight: 1 g starts the first kilogram', weight, 1000, 1, 650],
    ['weight: exactly 1 kg is one kilogram', weight, 1000, 1000, 650],
    ['weight: 1001 g starts the second', weight, 1000, 1001, 900],
    ['weight: 12.3 kg is 13 started kilograms', weight, 1000, 12_300, 400 + 13 * 250],
    ['free over: below the threshold pays', { ...flat, freeOverCents: 5000 }, 4999, 0, 500],
    ['free over: reaching the threshold is free', { ...flat, freeOverCents: 5000 }, 5000, 0, 0],
    ['free over applies to weight options too', { ...weight, freeOverCents: 5000 }, 7500, 8000, 0],
    ['free over 0 is always free', { ...flat, freeOverCents: 0 }, 0, 0, 0],
  ] as [string, ShippingRate, number, number, number][])(
    '%s',
    (_name, rate, subtotalCents, weightGrams, cost) => {
      expect(shippingCost(rate, { subtotalCents, weightGrams })).toBe(cost);
    },
  );
});

describe('offeredShippingOptions', () => {
  const rates: ShippingRate[] = [
    {
      id: 'std',
      name: 'Standard',
      description: '3–5 days',
      kind: 'FLAT',
      costCents: 500,
      freeOverCents: 5000,
    },
    {
      id: 'eu',
      name: 'Europe',
      kind: 'FLAT',
      costCents: 1200,
      zones: [{ country: 'FR' }, { country: 'DE' }],
    },
    { id: 'off', name: 'Paused', kind: 'FLAT', costCents: 100, enabled: false },
    {
      id: 'kg',
      name: 'Freight',
      kind: 'WEIGHT',
      costCents: 0,
      ratePerKgCents: 300,
      zones: [{ country: 'FR' }],
    },
  ];
  it.each([
    ['no address', null, 1000, 0, [['std', 500]]],
    [
      'France, 2.5 kg',
      { country: 'FR' },
      1000,
      2500,
      [
        ['std', 500],
        ['eu', 1200],
        ['kg', 900],
      ],
    ],
    [
      'France, free standard over €50',
      { country: 'FR' },
      6000,
      0,
      [
        ['std', 0],
        ['eu', 1200],
        ['kg', 0],
      ],
    ],
    ['Japan', { country: 'JP' }, 1000, 0, [['std', 500]]],
  ] as [string, ShippingLocation | null, number, number, [string, number][]][])(
    '%s',
    (_name, location, subtotalCents, weightGrams, expected) => {
      const offered = offeredShippingOptions(rates, { location, subtotalCents, weightGrams });
      expect(offered.map((o) => [o.id, o.costCents])).toEqual(expected);
    },
  );

  it('keeps the name and description the cart shows', () => {
    expect(offeredShippingOptions(rates, { location: null, subtotalCents: 0, weightGrams: 0 })).toEqual([
      { id: 'std', name: 'Standard', description: '3–5 days', costCents: 500 },
    ]);
  });
});

describe('shippedWeightGrams', () => {
  it.each([
    [[], 0],
    [[{ productType: 1, quantity: 3, weightGrams: 400 }], 1200],
    [
      [
        { productType: 1, quantity: 2, weightGrams: 250 },
        { productType: 2, quantity: 5, weightGrams: 999 },
        { productType: 3, quantity: 1, weightGrams: 999 },
      ],
      500,
    ],
  ])('%j → %i g', (lines, grams) => {
    expect(shippedWeightGrams(lines)).toBe(grams);
  });
});
