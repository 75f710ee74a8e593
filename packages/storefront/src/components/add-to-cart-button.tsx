import {
  type AddToCartButtonState,
  type Product,
  addButtonLabel,
  addToCartButtonReducer,
  initialAddToCartButtonState,
} from '@store/commerce';
import { useEffect, useImperativeHandle, useReducer, useRef, type Ref } from 'react';
import { pageData } from '../page-data';

/** What the button adds; `null` from `prepare` means "not now" (the caller showed why). */
export interface AddRequest {
  sku: string | null;
  quantity: number;
  additionalFields?: unknown;
}

type Prepared = AddRequest | null | 'needs-form';

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
  /**
   * Validate and collect the request; return null to stop (message shown by the caller).
   * May be async: the product page loads its validation on the first click.
   */
  prepare: () => Prepared | Promise<Prepared>;
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
  // A click while an async `prepare` runs (the validation chunk loading) is ignored, as a
  // click while adding is.
  const preparing = useRef(false);

  useTimers(state, dispatch);
  useEffect(() => {
    dispatch({ type: props.soldOut ? 'SOLD_OUT' : 'RESTOCKED' });
  }, [props.soldOut]);
  useEffect(() => {
    if (state.redirect === 'checkout') redirectTo('/checkout');
  }, [state.redirect]);

  // The add itself (and its failure wording) loads with the first click.
  const run = async (request: AddRequest) => {
    dispatch({ type: 'CLICK' });
    try {
      const actions = await import('./add-to-cart-actions');
      await actions.runAdd(request, {
        product: props.product,
        imageUrl: props.imageUrl,
        productPage: props.productPage,
        page,
        express,
        dispatch,
      });
    } catch (error) {
      // The chunk failed to load (offline): the button goes back to idle, nothing was added.
      console.error(error);
      dispatch({ type: 'FAILED' });
    }
  };

  useImperativeHandle(props.handle, () => ({
    add: (request) => void run(request),
    flashSelectOption: () => dispatch({ type: 'OPTIONS_MISSING' }),
  }));

  const onActivate = async () => {
    // "Added!" ignores clicks (spec §4)
    if (state.status !== 'idle' || state.disabled || preparing.current) return;
    preparing.current = true;
    let request: Prepared;
    try {
      request = await props.prepare();
    } catch (error) {
      console.error(error); // the validation chunk failed to load (offline): nothing was added
      return;
    } finally {
      preparing.current = false;
    }
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
        onClick={() => void onActivate()}
      >
        <span className="sqs-add-to-cart-button-inner">{state.label}</span>
      </button>
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
