import { api } from '../../api';
import { cartStore } from '../../cart-store';
import type { CartEntryView, CartView } from '../../cart-types';

// The cart page's edits, kept out of the shared cart store so other pages do not ship them.

type CartResponse = { shoppingCart: CartView };

export async function setQuantity(entryId: string, quantity: number): Promise<void> {
  const res = await api<CartResponse>('PATCH', `/api/commerce/shopping-cart/entries/${entryId}`, {
    quantity,
  });
  cartStore.replace(res.shoppingCart);
}

export async function removeEntry(entryId: string): Promise<void> {
  const res = await api<CartResponse>('DELETE', `/api/commerce/shopping-cart/entries/${entryId}`);
  cartStore.replace(res.shoppingCart);
}

export async function updateAdditionalFields(entry: CartEntryView, fields: unknown): Promise<void> {
  cartStore.setStatus('recalculating');
  try {
    const res = await api<CartResponse>(
      'PUT',
      `/api/commerce/shopping-cart/entries/${entry.id}/additionalFields`,
      { itemId: entry.itemId, sku: entry.chosenVariant.sku, additionalFields: JSON.stringify(fields) },
    );
    cartStore.replace(res.shoppingCart);
  } finally {
    cartStore.setStatus('loaded');
  }
}
