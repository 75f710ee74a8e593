import { formatMoney } from '@store/commerce';
import type { ShoppingCart } from '@store/api/client';
import { useState } from 'react';
import { word } from '../words';

type Option = ShoppingCart['shippingOptions'][number];

// The server sends each option's description ("3–5 working days"); the contract omits it.
const description = (o: Option) => (o as Option & { description?: string | null }).description ?? '';

/**
 * The shipping options the cart view offers for its location, each with its cost, as one radio
 * group (arrow keys move between them). The choice is the cart's: it is sent at once and the
 * server's answer (shipping, tax, total) replaces the cart; until then the clicked option shows.
 */
export function ShippingOptions(props: {
  /** Ids start with it: `${idPrefix}-shippingOptionId` is the first option (focused on an error). */
  idPrefix: string;
  options: Option[];
  selectedId: string | null;
  currency: string;
  error?: string;
  onChoose: (id: string) => Promise<void>;
}) {
  const [choosing, setChoosing] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const checked = choosing ?? props.selectedId;
  const errorId = `${props.idPrefix}-shippingOptionId-error`;
  const message = props.error ?? (failed ? word('cartShippingOptionFailed') : null);
  return (
    <fieldset className="shipping-options" aria-describedby={message ? errorId : undefined}>
      <legend>{word('cartShippingMethod')}</legend>
      {props.options.length === 0 && <p className="meta">{word('cartNoShippingOptions')}</p>}
      {props.options.map((o, i) => (
        <label key={o.id} className="shipping-option">
          <input
            type="radio"
            name={`${props.idPrefix}-shipping`}
            id={i === 0 ? `${props.idPrefix}-shippingOptionId` : undefined}
            value={o.id}
            checked={checked === o.id}
            aria-invalid={Boolean(props.error)}
            onChange={() => {
              setChoosing(o.id);
              setFailed(false);
              props
                .onChoose(o.id)
                .catch(() => setFailed(true))
                .finally(() => setChoosing(null));
            }}
          />
          <span className="shipping-option__name">
            {o.name}
            {description(o) && <span className="shipping-option__description">{description(o)}</span>}
          </span>
          <span className="shipping-option__cost">
            {o.costCents === 0 ? word('cartFree') : formatMoney(o.costCents, props.currency)}
          </span>
        </label>
      ))}
      {message && (
        <span id={errorId} className="field-error">
          {message}
        </span>
      )}
    </fieldset>
  );
}
