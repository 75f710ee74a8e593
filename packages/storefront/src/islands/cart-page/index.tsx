import { formatMoney } from '@store/commerce';
import { useEffect, useState } from 'react';
import { ApiFailure, api } from '../../api';
import { cartStore } from '../../cart-store';
import type { CartEntryView } from '../../cart-types';
import { type FieldValues, FieldsForm, type FormField } from '../../components/fields-form';
import { Modal } from '../../components/modal';
import { pageData } from '../../page-data';
import { useCart } from '../../use-cart';
import { mountInto } from '../mount-into';
import { CartLine } from './cart-line';
import { removeEntry, setQuantity, updateAdditionalFields } from './cart-edits';

const OFFLINE = 'Please check your internet connection.';

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

  const act = async (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(message(e, failure));
    } finally {
      setBusy(false);
    }
  };

  const openForm = async (entry: CartEntryView) => {
    try {
      const ctx = await api<{ form?: { fields?: FormField[] } }>('GET', `${entry.fullUrl}?format=json`);
      if (!ctx.form?.fields) throw new Error('no form');
      setFormError(null);
      setEditing({ entry, fields: ctx.form.fields });
    } catch (e) {
      setError(message(e, 'Unable to open form'));
    }
  };

  if (!synced) return <p className="cart-loading">Loading your cart…</p>;
  const entries = cart?.entries ?? [];
  if (entries.length === 0) {
    return (
      <div className="cart-empty">
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p>You have nothing in your shopping cart.</p>
        <a className="button-link" href="/shop">
          Continue shopping
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
              <span className="visually-hidden">Image</span>
            </th>
            <th>Item</th>
            <th>Quantity</th>
            <th>Price</th>
            <th>
              <span className="visually-hidden">Actions</span>
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
              onQuantity={(q) => act(() => setQuantity(entry.id, q), 'Unable to update quantity')}
              onRemove={() => act(() => removeEntry(entry.id), 'Unable to remove item')}
              onEditFields={entry.additionalFields ? () => void openForm(entry) : undefined}
            />
          ))}
        </tbody>
      </table>
      <div className="cart-summary">
        <div>
          <div>
            Subtotal:{' '}
            <strong data-testid="cart-subtotal">{formatMoney(cart?.subtotalCents ?? 0, currency)}</strong>
          </div>
          {belowMinimum && (
            <p className="form-error" role="status">
              {`To check out, your order subtotal must be ${formatMoney(minimum, currency)} or more.`}
            </p>
          )}
        </div>
        {belowMinimum ? (
          <button type="button" className="button" disabled>
            Checkout
          </button>
        ) : (
          <a className="button-link" href="/checkout">
            Checkout
          </a>
        )}
      </div>
      {editing && (
        <Modal title="Edit details" onClose={() => setEditing(null)}>
          <FieldsForm
            fields={editing.fields}
            initial={initialValues(editing.entry)}
            submitLabel="Save"
            busy={busy}
            error={formError}
            onSubmit={async (values: FieldValues) => {
              try {
                await updateAdditionalFields(editing.entry, values);
                setEditing(null);
              } catch (e) {
                setFormError(
                  e instanceof ApiFailure && e.status === 400
                    ? 'Update the missing or invalid information above.'
                    : message(e, 'Unable to update form'),
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
  try {
    const parsed = JSON.parse(entry.additionalFields ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as FieldValues) : {};
  } catch {
    return {};
  }
}

export function mount(element: HTMLElement): void {
  // The cart page always reads the cart, whatever the cookies say (it is what the page is for).
  void cartStore.load().catch(() => undefined);
  mountInto(element, <CartPage />);
}
