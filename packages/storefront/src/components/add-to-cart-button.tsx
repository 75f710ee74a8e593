import {
  type AddToCartButtonState,
  type AddToCartMode,
  type Product,
  addButtonLabel,
  addFailure,
  addToCartButtonReducer,
  initialAddToCartButtonState,
} from '@store/commerce';
import { useEffect, useImperativeHandle, useReducer, useState, type Ref } from 'react';
import { ApiFailure, api } from '../api';
import { cartStore } from '../cart-store';
import { pageData } from '../page-data';
import { trackAddToCartSafely } from '../tracking-bridge';
import { LazyAlertDialog } from './lazy';

/** What the button adds; `null` from `prepare` means "not now" (the caller showed why). */
export interface AddRequest {
  sku: string | null;
  quantity: number;
  additionalFields?: unknown;
}

export interface AddToCartHandle {
  /** Run the add as if clicked (after a lightbox form, for instance). */
  add(request: AddRequest): void;
  /** Flash "Select Option" for 2000 ms (product grid, spec §4). */
  flashSelectOption(): void;
}

/** Where to go after an express or subscription add (spec §2). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

/**
 * The add-to-cart button of spec §4 driven by the commerce reducer: idle → "Adding…" →
 * "Added!" after 1 s → idle 2 s later; failure → idle 1 s after the error, with the spec §8
 * alert; clicks ignored unless idle; express checkout goes to /checkout; subscriptions go to
 * subscription checkout with the cart token; sold out disables and keeps the text.
 */
export function AddToCartButton(props: {
  product: Product;
  imageUrl: string | null;
  soldOut: boolean;
  /** Validate and collect the request; return null to stop (message shown by the caller). */
  prepare: () => AddRequest | null | 'needs-form';
  onNeedsForm?: () => void;
  productPage: 'pdp' | 'plp';
  handle?: Ref<AddToCartHandle>;
}) {
  const page = pageData();
  const express = Boolean(page.storeSettings.expressCheckout) && !props.product.isSubscribable;
  const label = addButtonLabel(props.product, {
    express,
    productAddToCartText: page.localizedStrings.productAddToCartText,
    productSubscribeText: page.localizedStrings.productSubscribeText,
  });
  const [state, dispatch] = useReducer(addToCartButtonReducer, label, initialAddToCartButtonState);
  const [alert, setAlert] = useState<{ title: string; message: string } | null>(null);

  useTimers(state, dispatch);
  useEffect(() => {
    dispatch({ type: props.soldOut ? 'SOLD_OUT' : 'RESTOCKED' });
  }, [props.soldOut]);
  useEffect(() => {
    if (state.redirect === 'checkout') redirectTo('/checkout');
  }, [state.redirect]);

  const run = async (request: AddRequest) => {
    dispatch({ type: 'CLICK' });
    const mode: AddToCartMode = props.product.isSubscribable ? 'subscription' : express ? 'express' : 'cart';
    try {
      if (mode === 'subscription') {
        const { cartToken } = await api('POST /api/3/commerce/cart/subscription', {
          body: {
            itemId: props.product.id,
            sku: request.sku,
            qty: request.quantity,
            additionalFields: request.additionalFields ? JSON.stringify(request.additionalFields) : null,
          },
        });
        dispatch({ type: 'SUCCEEDED', mode });
        redirectTo(`/checkout/subscription?cartToken=${encodeURIComponent(cartToken)}`);
        return;
      }
      const entry = await cartStore.add({
        itemId: props.product.id,
        sku: request.sku,
        quantity: request.quantity,
        additionalFields: request.additionalFields,
        imageUrl: props.imageUrl,
      });
      const cart = cartStore.get().cart;
      trackAddToCartSafely({
        product: props.product,
        entry,
        productPage: props.productPage,
        page,
        cartId: cart?.id ?? null,
        numItemsInCart: cart?.totalQuantity,
        cartValueCents: cart?.subtotalCents,
      });
      dispatch({ type: 'SUCCEEDED', mode });
    } catch (error) {
      const failure =
        error instanceof ApiFailure
          ? addFailure({
              status: error.status,
              crumbFail: error.crumbFail,
              cookiesEnabled: navigator.cookieEnabled,
              serverMessage: error.message,
              express,
              productType: props.product.productType,
            })
          : addFailure({ serverMessage: String(error), express, productType: props.product.productType });
      dispatch({ type: 'FAILED' });
      setAlert({ title: failure.title, message: failure.message });
    }
  };

  useImperativeHandle(props.handle, () => ({
    add: (request) => void run(request),
    flashSelectOption: () => dispatch({ type: 'OPTIONS_MISSING' }),
  }));

  const onActivate = () => {
    if (state.status !== 'idle' || state.disabled) return; // "Added!" ignores clicks (spec §4)
    const request = props.prepare();
    if (request === 'needs-form') props.onNeedsForm?.();
    else if (request) void run(request);
  };

  const disabled = state.disabled;
  return (
    <div className="sqs-add-to-cart-button-wrapper" data-animation-role="button">
      <button
        type="button"
        className={`sqs-add-to-cart-button sqs-button-element--primary${state.status === 'added' ? ' is-added' : ''}${state.status === 'sold-out' ? ' is-disabled' : ''}`}
        aria-disabled={disabled}
        aria-live="polite"
        data-state={state.status}
        data-item-id={props.product.id}
        onClick={onActivate}
      >
        <span className="sqs-add-to-cart-button-inner">{state.label}</span>
      </button>
      {alert && (
        <LazyAlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(null)} />
      )}
    </div>
  );
}

/** Run the reducer's timer: one pending timeout per state, stale ones are ignored by `seq`. */
function useTimers(
  state: AddToCartButtonState,
  dispatch: (e: { type: 'TIMER_ELAPSED'; seq: number }) => void,
) {
  useEffect(() => {
    if (state.timerMs === null) return;
    const seq = state.seq;
    const timer = setTimeout(() => dispatch({ type: 'TIMER_ELAPSED', seq }), state.timerMs);
    return () => clearTimeout(timer);
  }, [state.timerMs, state.seq, dispatch]);
}
