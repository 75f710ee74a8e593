import { QUANTITY_MAX, formatMoney, parseQuantity } from '@store/commerce';
import { useEffect, useRef, useState } from 'react';
import type { CartEntryView } from '@store/api/client';
import type { FormField } from '../../components/fields-form';
import { parseAnswers, summarizeAnswers } from '../../components/form-summary';
import { word } from '../words';

/** One cart row: image, title, options, quantity (1–9999), line total, remove, edit form. */
export function CartLine(props: {
  entry: CartEntryView;
  currency: string;
  busy: boolean;
  /** The product's additional-fields form, once loaded: answers are shown by its labels. */
  fields?: FormField[];
  noAnswerText: string;
  /** Resolves false when the change was refused. */
  onQuantity: (quantity: number) => Promise<boolean>;
  onRemove: () => void;
  onEditFields?: () => void;
}) {
  const { entry } = props;
  const [qty, setQty] = useState(String(entry.quantity));
  useEffect(() => setQty(String(entry.quantity)), [entry.quantity]);
  // Enter commits, and the input then blurs when it is disabled: one request per change.
  const inFlight = useRef(false);
  const commit = () => {
    // The rule the server runs on this change (`@store/commerce`): a whole number, 1 to 9999.
    const parsed = parseQuantity(qty.trim());
    if (!parsed.ok) {
      setQty(String(entry.quantity));
      return;
    }
    const n = parsed.quantity;
    if (n === entry.quantity || inFlight.current) return;
    inFlight.current = true;
    void props.onQuantity(n).then((ok) => {
      inFlight.current = false;
      // Refused (e.g. more than in stock): back to the last quantity the cart accepted.
      if (!ok) setQty(String(entry.quantity));
    });
  };
  const attrs = Object.entries(entry.chosenVariant?.attributes ?? {});
  const answers = props.fields
    ? summarizeAnswers(props.fields, parseAnswers(entry.additionalFields), props.noAnswerText)
    : [];
  return (
    <tr data-testid="cart-line" data-entry-id={entry.id}>
      <td>{entry.imageUrl && <img src={entry.imageUrl} alt="" width={64} height={64} />}</td>
      <td>
        <a href={entry.fullUrl ?? '#'}>{entry.title}</a>
        {attrs.length > 0 && <div className="meta">{attrs.map(([k, v]) => `${k}: ${v}`).join(', ')}</div>}
        {answers.length > 0 && (
          <dl className="cart-answers" data-testid="cart-answers">
            {answers.map((a) => (
              <div key={a.label}>
                <dt>{a.label}:</dt> <dd>{a.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {props.onEditFields && (
          <button type="button" className="link-button" onClick={props.onEditFields}>
            Edit details
          </button>
        )}
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`qty-${entry.id}`}>
          Quantity of {entry.title}
        </label>
        <input
          id={`qty-${entry.id}`}
          type="number"
          min={1}
          max={QUANTITY_MAX}
          step={1}
          value={qty}
          disabled={props.busy}
          onChange={(e) => setQty(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
      </td>
      <td>{formatMoney(entry.subTotal, props.currency)}</td>
      <td>
        <button
          type="button"
          className="link-button"
          aria-label={word('cartRemoveItem', { title: entry.title })}
          disabled={props.busy}
          onClick={props.onRemove}
        >
          {word('cartRemove')}
        </button>
      </td>
    </tr>
  );
}
