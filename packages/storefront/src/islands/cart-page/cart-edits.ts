import { api } from '../../api';
import { cartStore } from '../../cart-store';
import type { CartEntryView, ShoppingCart } from '@store/api/client';

// The cart page's and checkout's edits, kept out of the shared cart store so other pages do
// not ship them.

let last: Promise<unknown> = Promise.resolve();

/**
 * Send one cart change after the ones before it have answered, and show its answer. Every
 * answer is the whole cart as that change left it, so two changes in flight at once (a
 * shipping option picked while the address update is out) could answer out of order and the
 * older cart would win; one at a time, the last answer shown is the newest cart.
 */
export function cartWrite(send: () => Promise<{ shoppingCart: ShoppingCart }>): Promise<void> {
  const next = last.catch(() => undefined).then(async () => cartStore.replace((await send()).shoppingCart));
  last = next;
  return next;
}

export function setQuantity(entryId: string, quantity: number): Promise<void> {
  return cartWrite(() =>
    api('PATCH /api/commerce/shopping-cart/entries/:entryId', { params: { entryId }, body: { quantity } }),
  );
}

export function removeEntry(entryId: string): Promise<void> {
  return cartWrite(() => api('DELETE /api/commerce/shopping-cart/entries/:entryId', { params: { entryId } }));
}

export async function updateAdditionalFields(entry: CartEntryView, fields: unknown): Promise<void> {
  cartStore.setStatus('recalculating');
  try {
    await cartWrite(() =>
      api('PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields', {
        params: { entryId: entry.id },
        body: {
          itemId: entry.itemId,
          sku: entry.chosenVariant.sku,
          additionalFields: JSON.stringify(fields),
        },
      }),
    );
  } finally {
    cartStore.setStatus('loaded');
  }
}

export function chooseShippingOption(shippingOptionId: string): Promise<void> {
  return cartWrite(() =>
    api('PUT /api/commerce/shopping-cart/shipping-option', { body: { shippingOptionId } }),
  );
}

export function setShippingLocation(location: { country: string; region?: string; postalCode?: string }) {
  return cartWrite(() => api('PUT /api/commerce/shopping-cart/shipping-location', { body: location }));
}

export function applyCoupon(code: string): Promise<void> {
  return cartWrite(() => api('POST /api/commerce/shopping-cart/coupons', { body: { code } }));
}

export function removeCoupon(code: string): Promise<void> {
  return cartWrite(() => api('DELETE /api/commerce/shopping-cart/coupons/:code', { params: { code } }));
}
