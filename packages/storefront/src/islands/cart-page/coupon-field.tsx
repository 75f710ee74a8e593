import { CART_ERRORS } from '@store/commerce';
import type { ShoppingCart } from '@store/api/client';
import { type KeyboardEvent, useState } from 'react';
import { ApiFailure } from '../../api';
import { applyCoupon, removeCoupon } from './cart-edits';
import { word } from '../words';

function failure(e: unknown, fallback: string): string {
  if (e instanceof ApiFailure) return e.offline ? CART_ERRORS.NETWORK_ERROR : e.message || fallback;
  return fallback;
}

/**
 * Coupon code entry (cart page and checkout): apply, see each applied code with Remove, and a
 * code the cart does not qualify for with the server's reason. Not a <form>: at checkout it
 * sits inside the checkout form, so Enter applies the code instead of placing the order.
 */
export function CouponField(props: { cart: ShoppingCart; idPrefix: string }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `${props.idPrefix}-coupon`;
  const invalid = new Map(props.cart.invalidCoupons.map((c) => [c.code, c.message]));

  const apply = async () => {
    const typed = code.trim();
    if (!typed || busy) {
      if (!typed) setError(word('cartEnterCoupon'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await applyCoupon(typed);
      setCode('');
    } catch (e) {
      setError(failure(e, word('cartCouponApplyFailed')));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      await removeCoupon(value);
      document.getElementById(id)?.focus(); // the Remove button is gone: keep the keyboard here
    } catch (e) {
      setError(failure(e, word('cartCouponRemoveFailed')));
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void apply();
  };

  return (
    <div className="coupon-field" data-testid="coupon-field">
      <label htmlFor={id}>{word('cartCouponCode')}</label>
      <div className="coupon-field__row">
        <input
          id={id}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void apply()}
          disabled={busy}
        >
          {word('cartApply')}
        </button>
      </div>
      <span id={`${id}-error`} className="field-error" role="alert">
        {error}
      </span>
      {props.cart.coupons.length > 0 && (
        <ul className="coupon-list" aria-label={word('cartAppliedCoupons')}>
          {props.cart.coupons.map((c) => {
            const reason = invalid.get(c.code);
            return (
              <li key={c.code} data-testid="applied-coupon" data-code={c.code}>
                <span className="coupon-list__code">{c.code}</span>{' '}
                {reason ? (
                  <span className="field-error">{reason}</span>
                ) : (
                  <span className="meta">{word('cartCouponApplied')}</span>
                )}{' '}
                <button
                  type="button"
                  className="link-button"
                  aria-label={word('cartRemoveCoupon', { code: c.code })}
                  disabled={busy}
                  onClick={() => void remove(c.code)}
                >
                  {word('cartRemove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
