import { type AddToCartMode, type Product, addFailure } from '@store/commerce';
import { createRoot } from 'react-dom/client';
import { ApiFailure, api } from '../api';
import { cartStore } from '../cart-store';
import type { PageData } from '../page-data';
import { trackAddToCartSafely } from '../tracking-bridge';
import { type AddRequest, redirectTo } from './add-to-cart-button';

// What an add-to-cart button needs only once it is clicked: the validation of spec §5
// (options, quantity, stock), the add itself and the wording of a failed add (spec §8).
// A chunk loaded on the first click, not with the page (budget: 80 KB of JavaScript gzipped).
export { validateAddToCart } from '@store/commerce';

export interface AddContext {
  product: Product;
  imageUrl: string | null;
  productPage: 'pdp' | 'plp';
  page: PageData;
  express: boolean;
  /** The button's reducer: SUCCEEDED or FAILED once the add settles (CLICK is sent before). */
  dispatch(event: { type: 'SUCCEEDED'; mode: AddToCartMode } | { type: 'FAILED' }): void;
}

/**
 * Run one add: a subscription goes to subscription checkout with its cart token; otherwise
 * the item goes in the cart (the store announces it to the popover) and is tracked.
 */
export async function runAdd(request: AddRequest, ctx: AddContext): Promise<void> {
  const { product, express } = ctx;
  const mode: AddToCartMode = product.isSubscribable ? 'subscription' : express ? 'express' : 'cart';
  try {
    if (mode === 'subscription') {
      const { cartToken } = await api('POST /api/3/commerce/cart/subscription', {
        body: {
          itemId: product.id,
          sku: request.sku,
          qty: request.quantity,
          additionalFields: request.additionalFields ? JSON.stringify(request.additionalFields) : null,
        },
      });
      ctx.dispatch({ type: 'SUCCEEDED', mode });
      redirectTo(`/checkout/subscription?cartToken=${encodeURIComponent(cartToken)}`);
      return;
    }
    const res = await api('POST /api/commerce/shopping-cart/entries', {
      body: {
        itemId: product.id,
        sku: request.sku,
        quantity: request.quantity,
        additionalFields: request.additionalFields ? JSON.stringify(request.additionalFields) : null,
      },
    });
    const entry = res.newlyAdded;
    cartStore.added(res.shoppingCart, entry, ctx.imageUrl);
    const cart = cartStore.get().cart;
    trackAddToCartSafely({
      product,
      entry,
      productPage: ctx.productPage,
      page: ctx.page,
      cartId: cart?.id ?? null,
      numItemsInCart: cart?.totalQuantity,
      cartValueCents: cart?.subtotalCents,
    });
    ctx.dispatch({ type: 'SUCCEEDED', mode });
  } catch (error) {
    const failure =
      error instanceof ApiFailure
        ? addFailure({
            status: error.status,
            crumbFail: error.crumbFail,
            cookiesEnabled: navigator.cookieEnabled,
            serverMessage: error.message,
            express,
            productType: product.productType,
          })
        : addFailure({ serverMessage: String(error), express, productType: product.productType });
    ctx.dispatch({ type: 'FAILED' });
    void showAlert(failure.title, failure.message);
  }
}

/** The spec §8 alert, in a root of its own at the end of the page, removed when closed. */
async function showAlert(title: string, message: string): Promise<void> {
  const { AlertDialog } = await import('./modal');
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
  };
  root.render(<AlertDialog title={title} message={message} onClose={close} />);
}
