import { api } from '../../api';
import { cartStore } from '../../cart-store';
import type { CartEntryView } from '@store/api/client';

// The cart page's edits, kept out of the shared cart store so other pages do not ship them.

export async function setQuantity(entryId: string, quantity: number): Promise<void> {
  const res = await api('PATCH /api/commerce/shopping-cart/entries/:entryId', {
    params: { entryId },
    body: { quantity },
  });
  cartStore.replace(res.shoppingCart);
}

export async function removeEntry(entryId: string): Promise<void> {
  const res = await api('DELETE /api/commerce/shopping-cart/entries/:entryId', { params: { entryId } });
  cartStore.replace(res.shoppingCart);
}

export async function updateAdditionalFields(entry: CartEntryView, fields: unknown): Promise<void> {
  cartStore.setStatus('recalculating');
  try {
    const res = await api('PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields', {
      params: { entryId: entry.id },
      body: { itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields: JSON.stringify(fields) },
    });
    cartStore.replace(res.shoppingCart);
  } finally {
    cartStore.setStatus('loaded');
  }
}

export async function chooseShippingOption(shippingOptionId: string): Promise<void> {
  const res = await api('PUT /api/commerce/shopping-cart/shipping-option', { body: { shippingOptionId } });
  cartStore.replace(res.shoppingCart);
}

export async function applyCoupon(code: string): Promise<void> {
  const res = await api('POST /api/commerce/shopping-cart/coupons', { body: { code } });
  cartStore.replace(res.shoppingCart);
}

export async function removeCoupon(code: string): Promise<void> {
  const res = await api('DELETE /api/commerce/shopping-cart/coupons/:code', { params: { code } });
  cartStore.replace(res.shoppingCart);
}
