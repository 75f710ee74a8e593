import { CART_ERRORS, formatMoney } from '@store/commerce';
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../api';
import { cartStore } from '../../cart-store';
import type { CartEntryView } from '@store/api/client';
import { type FieldValues, FieldsForm, type FormField } from '../../components/fields-form';
import { parseAnswers } from '../../components/form-summary';
import { Modal } from '../../components/modal';
import { pageData } from '../../page-data';
import { useCart } from '../../use-cart';
import { mountInto } from '../mount-into';
import { CartInstalments } from './cart-instalments';
import { CartLine } from './cart-line';
import { CouponField } from './coupon-field';
import { GiftCardField } from './gift-card-field';
import { GiftCardRecipients } from './gift-card-recipients';
import { ShippingEstimate } from './shipping-estimate';
import { removeEntry, setQuantity, updateAdditionalFields } from './cart-edits';
import { loadEntryForm, useEntryForms } from './use-entry-forms';
import { word } from '../words';

const OFFLINE = CART_ERRORS.NETWORK_ERROR;

function message(error: unknown, fallback: string): string {
  if (error instanceof ApiFailure && error.offline) return OFFLINE;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return OFFLINE;
  return fallback;
}

/** Full-page cart (spec §2 "own root container"): quantities, removal, additional fields. */
function CartPage() {
  const { cart, synced } = useCart();
  const page = pageData();
  const currency = page.currency;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ entry: CartEntryView; fields: FormField[] } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    const offline = () => setError(OFFLINE);
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, []);

  const forms = useEntryForms(cart?.entries ?? []);
  const noAnswer = page.localizedStrings.productSummaryFormNoAnswerText || 'N/A';

  /** Run one edit; false when it failed (the line then restores its last good value). */
  const act = async (work: () => Promise<void>, failure: string, withReason = false): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await work();
      return true;
    } catch (e) {
      // A refused quantity says why (e.g. not enough stock), after the spec's message.
      const reason = withReason && e instanceof ApiFailure && !e.offline && e.message ? e.message : '';
      const base = message(e, failure);
      setError(reason && base === failure ? `${failure}. ${reason}` : base);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const openForm = async (entry: CartEntryView) => {
    try {
      const fields = await loadEntryForm(entry);
      if (!fields) throw new Error('no form');
      setFormError(null);
      setEditing({ entry, fields });
    } catch (e) {
      setError(message(e, CART_ERRORS.OPEN_FORM_FAILED));
    }
  };

  if (!synced) return <p className="cart-loading">{word('cartLoading')}</p>;
  const entries = cart?.entries ?? [];
  if (entries.length === 0) {
    return (
      <div className="cart-empty">
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p>{word('cartEmpty')}</p>
        <a className="button-link" href="/shop">
          {word('cartContinueShopping')}
        </a>
      </div>
    );
  }
  const minimum = Number(page.storeSettings.minimumOrderSubtotalCents ?? 0);
  const belowMinimum = minimum > 0 && (cart?.subtotalCents ?? 0) < minimum;
  return (
    <div className="cart-contents" aria-busy={busy}>
      {error && (
        <p className="form-error" role="alert" data-testid="cart-error">
          {error}
        </p>
      )}
      <table className="cart-table">
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">{word('cartImage')}</span>
            </th>
            <th>{word('cartItem')}</th>
            <th>{word('cartQuantity')}</th>
            <th>{word('cartPrice')}</th>
            <th>
              <span className="visually-hidden">{word('cartActions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <CartLine
              key={entry.id}
              entry={entry}
              currency={currency}
              busy={busy}
              fields={forms[entry.itemId]}
              noAnswerText={noAnswer}
              onQuantity={(q) =>
                act(() => setQuantity(entry.id, q), CART_ERRORS.UPDATE_QUANTITY_FAILED, true)
              }
              onRemove={() => void act(() => removeEntry(entry.id), CART_ERRORS.REMOVE_ITEM_FAILED)}
              onEditFields={entry.additionalFields ? () => void openForm(entry) : undefined}
            />
          ))}
        </tbody>
      </table>
      {cart && <GiftCardRecipients cart={cart} />}
      <div className="cart-bottom">
        <div className="cart-bottom__side">
          {cart && <CouponField cart={cart} idPrefix="cart" />}
          {cart && <GiftCardField cart={cart} currency={currency} idPrefix="cart" />}
        </div>
        <div className="cart-bottom__main">
          {cart && <ShippingEstimate cart={cart} currency={currency} />}
          {cart && <CartInstalments cart={cart} page={page} />}
          {belowMinimum && (
            <p className="form-error" role="status">
              {word('cartMinimumSubtotal', { amount: formatMoney(minimum, currency) })}
            </p>
          )}
          <div className="cart-bottom__actions">
            {belowMinimum ? (
              <button type="button" className="button" disabled>
                {word('cartCheckout')}
              </button>
            ) : (
              <a className="button-link" href="/checkout">
                {word('cartCheckout')}
              </a>
            )}
          </div>
        </div>
      </div>
      {editing && (
        <Modal title={word('cartEditDetails')} onClose={() => setEditing(null)}>
          <FieldsForm
            fields={editing.fields}
            initial={initialValues(editing.entry)}
            submitLabel={word('cartSave')}
            busy={busy}
            error={formError}
            onSubmit={async (values: FieldValues) => {
              try {
                await updateAdditionalFields(editing.entry, values);
                setEditing(null);
              } catch (e) {
                setFormError(
                  e instanceof ApiFailure && e.status === 400
                    ? CART_ERRORS.CART_INVALID_INFORMATION
                    : message(e, CART_ERRORS.UPDATE_FORM_FAILED),
                );
              }
            }}
          />
        </Modal>
      )}
    </div>
  );
}

function initialValues(entry: CartEntryView): FieldValues {
  return parseAnswers(entry.additionalFields) as FieldValues;
}

export function mount(element: HTMLElement): void {
  // The cart page always reads the cart, whatever the cookies say (it is what the page is for).
  void cartStore.load().catch(() => undefined);
  mountInto(element, <CartPage />);
}
