import { CART_ERRORS, type CurrencyCode, formatMoney } from '@store/commerce';
import type { ShoppingCart } from '@store/api/client';
import { type KeyboardEvent, useState } from 'react';
import { ApiFailure, api } from '../../api';
import { cartStore } from '../../cart-store';
import { word } from '../words';

function failure(e: unknown, fallback: string): string {
  if (e instanceof ApiFailure) return e.offline ? CART_ERRORS.NETWORK_ERROR : e.message || fallback;
  return fallback;
}

/**
 * Gift card entry (cart page and checkout): apply a code, see each applied card (last 4
 * only) with what it pays (the totals summary shows what is left to pay). Not a <form>: at checkout it sits inside
 * the checkout form, so Enter applies the card instead of placing the order.
 */
export function GiftCardField(props: { cart: ShoppingCart; currency: string; idPrefix: string }) {
  const { cart } = props;
  const currency = props.currency as CurrencyCode;
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `${props.idPrefix}-gift-card`;
  const cards = cart.giftCards ?? [];

  const run = async (work: () => Promise<{ shoppingCart: ShoppingCart }>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      cartStore.replace((await work()).shoppingCart);
      return true;
    } catch (e) {
      setError(failure(e, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    const typed = code.trim();
    if (!typed) return setError(word('cartEnterGiftCard'));
    if (busy) return;
    const ok = await run(
      () => api('POST /api/commerce/shopping-cart/gift-cards', { body: { code: typed } }),
      word('cartGiftCardApplyFailed'),
    );
    if (ok) setCode('');
  };
  const remove = async (last4: string) => {
    await run(
      () => api('DELETE /api/commerce/shopping-cart/gift-cards/:code', { params: { code: last4 } }),
      word('cartGiftCardRemoveFailed'),
    );
    document.getElementById(id)?.focus(); // the Remove button is gone: keep the keyboard here
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void apply();
  };

  return (
    <div className="gift-card-field" data-testid={`${props.idPrefix}-gift-card-field`}>
      <label htmlFor={id}>{word('cartGiftCard')}</label>
      <div className="coupon-field__row">
        <input
          id={id}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
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
      {cards.length > 0 && (
        <ul className="coupon-list" aria-label={word('cartAppliedGiftCards')}>
          {cards.map((c) => (
            <li key={c.last4} data-testid="applied-gift-card">
              <span className="coupon-list__code">Gift card {c.code}</span>{' '}
              <span className="meta">
                pays {formatMoney(c.appliedCents, currency)} (balance {formatMoney(c.balanceCents, currency)})
              </span>{' '}
              <button
                type="button"
                className="link-button"
                aria-label={word('cartRemoveGiftCard', { last4: c.last4 })}
                disabled={busy}
                onClick={() => void remove(c.last4)}
              >
                {word('cartRemove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {cart.giftCardNotice && <p className="meta">{cart.giftCardNotice}</p>}
    </div>
  );
}
