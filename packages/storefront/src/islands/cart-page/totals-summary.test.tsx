import type { ShoppingCart } from '@store/api/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TotalsSummary } from './totals-summary';

/** A cart view as the server answers it (only the fields the summary reads matter here). */
function cart(patch: Partial<ShoppingCart> & { includedTaxCents?: number }): ShoppingCart {
  return {
    subtotalCents: 3600,
    discountCents: 0,
    shippingCostCents: 0,
    taxCents: 0,
    grandTotalCents: 3600,
    giftCardCents: 0,
    amountDueCents: 3600,
    requiresShipping: true,
    selectedShippingOption: null,
    shippingLocation: { country: 'US', region: 'NY' },
    validCoupons: [],
    ...patch,
  } as ShoppingCart;
}

/** The summary's rows as "label: value" (the visually hidden status line left out). */
function rows(view: ShoppingCart): string[] {
  const html = renderToStaticMarkup(<TotalsSummary cart={view} currency="USD" pending={false} />);
  return [...html.matchAll(/<dt>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(
    ([, dt, dd]) => `${dt?.replace(/<!-- -->/g, '')}: ${dd?.replace(/<!-- -->/g, '')}`,
  );
}

describe('TotalsSummary shows the server cart view as it is', () => {
  it.each([
    [
      'no address yet: tax waits for one, shipping for a choice',
      cart({ shippingLocation: null }),
      ['Subtotal: $36.00', 'Shipping: Choose a method', 'Tax: Enter an address', 'Total: $36.00'],
    ],
    [
      'added tax, a coupon and a chosen option',
      cart({
        discountCents: 360,
        validCoupons: [{ code: 'WELCOME10', type: 'PERCENTAGE' }],
        selectedShippingOption: { id: 's', name: 'Standard', costCents: 500 },
        shippingCostCents: 500,
        taxCents: 288,
        grandTotalCents: 4028,
        amountDueCents: 4028,
      }),
      ['Subtotal: $36.00', 'Discount (WELCOME10): −$3.60', 'Shipping: $5.00', 'Tax: $2.88', 'Total: $40.28'],
    ],
    [
      'prices that include the tax: labelled so, not added',
      cart({
        selectedShippingOption: { id: 'f', name: 'Free', costCents: 0 },
        taxCents: 600,
        includedTaxCents: 600,
      }),
      ['Subtotal: $36.00', 'Shipping: Free', 'Tax (included): $6.00', 'Total: $36.00'],
    ],
    [
      'included and added tax both: two rows',
      cart({ taxCents: 800, includedTaxCents: 600, grandTotalCents: 3800, amountDueCents: 3800 }),
      [
        'Subtotal: $36.00',
        'Shipping: Choose a method',
        'Tax: $2.00',
        'Tax (included): $6.00',
        'Total: $38.00',
      ],
    ],
    [
      'gift cards: their row, and the total is what is left to pay',
      cart({ requiresShipping: false, giftCardCents: 2000, amountDueCents: 1600 }),
      ['Subtotal: $36.00', 'Shipping: Not needed', 'Tax: $0.00', 'Gift cards: −$20.00', 'Total: $16.00'],
    ],
  ])('%s', (_name, view, expected) => {
    expect(rows(view)).toEqual(expected);
  });

  it('announces the total once the update is in, not while it is out', () => {
    const view = cart({});
    const status = (pending: boolean) =>
      /role="status">(.*?)<\/p>/.exec(
        renderToStaticMarkup(
          <TotalsSummary cart={view} currency="USD" pending={pending} label="Estimated total" />,
        ),
      )?.[1];
    expect(status(false)).toBe('Estimated total $36.00');
    expect(status(true)).toBe('');
  });
});
