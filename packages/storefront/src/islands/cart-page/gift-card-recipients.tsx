import { CART_ERRORS, ProductType } from '@store/commerce';
import type { CartEntryView, ShoppingCart } from '@store/api/client';
import { type FormEvent, useState } from 'react';
import { ApiFailure, api } from '../../api';
import { cartStore } from '../../cart-store';
import { word } from '../words';

type Recipient = { email: string; name: string; senderName: string; message: string };
const EMPTY: Recipient = { email: '', name: '', senderName: '', message: '' };
const MESSAGE_MAX = 500;

/**
 * For each gift card line: send it to someone else (their e-mail and name, the sender's name
 * and a message) or, by default, to the buyer. The code is e-mailed when the order is placed.
 */
export function GiftCardRecipients(props: { cart: ShoppingCart }) {
  const lines = props.cart.entries.filter((e) => e.productType === ProductType.GIFT_CARD);
  if (lines.length === 0) return null;
  return (
    <section className="gift-card-recipients" aria-label={word('cartGiftCardRecipients')}>
      {lines.map((line) => (
        <RecipientLine key={line.id} line={line} />
      ))}
    </section>
  );
}

/** The server's words: a field's own message (without the field name) when it names one. */
function failure(e: unknown): string {
  if (!(e instanceof ApiFailure)) return word('cartRecipientSaveFailed');
  if (e.offline) return CART_ERRORS.NETWORK_ERROR;
  const fields = e.body.errors as Record<string, string> | undefined;
  return (fields && Object.values(fields)[0]) || e.message;
}

function RecipientLine(props: { line: CartEntryView }) {
  const { line } = props;
  const current = line.giftRecipient ?? null;
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState<Recipient>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `gift-recipient-${line.id}`;

  const open = () => {
    setFields({ ...EMPTY, ...current });
    setError(null);
    setEditing(true);
  };
  const send = async (work: () => Promise<{ shoppingCart: ShoppingCart }>) => {
    setBusy(true);
    setError(null);
    try {
      cartStore.replace((await work()).shoppingCart);
      setEditing(false);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void send(() =>
      api('PUT /api/commerce/shopping-cart/entries/:entryId/gift-recipient', {
        params: { entryId: line.id },
        body: {
          email: fields.email.trim(),
          ...(fields.name.trim() ? { name: fields.name.trim() } : {}),
          ...(fields.senderName.trim() ? { senderName: fields.senderName.trim() } : {}),
          ...(fields.message.trim() ? { message: fields.message.trim() } : {}),
        },
      }),
    );
  };
  const input = (key: keyof Recipient, label: string, type = 'text') => (
    <div>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={fields[key]}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
        required={key === 'email'}
      />
    </div>
  );

  return (
    <div className="gift-card-recipient" data-testid="gift-recipient">
      <p>
        <strong>{line.title}</strong>{' '}
        {current ? (
          <span>
            {word('cartMailedTo', {
              recipient: `${current.name ? `${current.name} ` : ''}<${current.email}>`,
            })}
          </span>
        ) : (
          <span className="meta">{word('cartMailedToYou')}</span>
        )}{' '}
        {!editing && (
          <button type="button" className="link-button" onClick={open}>
            {current ? word('cartChangeRecipient') : word('cartSendAsGift')}
          </button>
        )}
        {!editing && current && (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() =>
              void send(() =>
                api('DELETE /api/commerce/shopping-cart/entries/:entryId/gift-recipient', {
                  params: { entryId: line.id },
                }),
              )
            }
          >
            Send it to me instead
          </button>
        )}
      </p>
      {editing && (
        <form className="checkout-form gift-card-recipient__form" onSubmit={save} noValidate>
          {input('email', word('cartRecipientEmail'), 'email')}
          {input('name', word('cartRecipientName'))}
          {input('senderName', word('cartYourName'))}
          <div>
            <label htmlFor={`${id}-message`}>{word('cartMessage')}</label>
            <textarea
              id={`${id}-message`}
              maxLength={MESSAGE_MAX}
              rows={3}
              value={fields.message}
              onChange={(e) => setFields({ ...fields, message: e.target.value })}
            />
            <p className="meta">
              {fields.message.length}/{MESSAGE_MAX}
            </p>
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            Save recipient
          </button>{' '}
          <button type="button" className="link-button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      )}
    </div>
  );
}
