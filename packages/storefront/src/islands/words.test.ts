import { afterEach, describe, expect, it, vi } from 'vitest';

/** The islands' module as a page with this #sf-data loads it (a fresh page-data cache each time). */
async function load(data: Record<string, unknown>) {
  vi.resetModules();
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === 'sf-data' ? { textContent: JSON.stringify(data) } : null),
  });
  return import('./words');
}

describe('word', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the page translation from page.strings, the English default for the rest', async () => {
    const { word } = await load({ strings: { cartApply: 'Appliquer', checkoutPlaceOrder: 'Commander' } });
    expect(word('cartApply')).toBe('Appliquer');
    expect(word('checkoutPlaceOrder')).toBe('Commander');
    expect(word('cartCouponCode')).toBe('Coupon code');
  });

  it('is the English default on a page without strings', async () => {
    const { word } = await load({});
    expect(word('cartApply')).toBe('Apply');
    expect(word('cartRemoveCoupon', { code: 'SAVE10' })).toBe('Remove coupon SAVE10');
  });

  it('is the English default where there is no page at all (server rendering, tests)', async () => {
    vi.resetModules();
    const { word } = await import('./words');
    expect(word('restockSubmit')).toBe('Sign up');
  });
});
