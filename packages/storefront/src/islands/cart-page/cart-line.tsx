import { formatMoney } from '@store/commerce';
import { useEffect, useState } from 'react';
import type { CartEntryView } from '../../cart-types';

/** One cart row: image, title, options, quantity (1–9999), line total, remove, edit form. */
export function CartLine(props: {
  entry: CartEntryView;
  currency: string;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  onEditFields?: () => void;
}) {
  const { entry } = props;
  const [qty, setQty] = useState(String(entry.quantity));
  useEffect(() => setQty(String(entry.quantity)), [entry.quantity]);
  const commit = () => {
    const n = Number(qty);
    if (qty.trim() === '' || !Number.isInteger(n) || n < 1 || n > 9999) {
      setQty(String(entry.quantity));
      return;
    }
    if (n !== entry.quantity) props.onQuantity(n);
  };
  const attrs = Object.entries(entry.chosenVariant?.attributes ?? {});
  const fields = parseFields(entry.additionalFields);
  return (
    <tr data-testid="cart-line" data-entry-id={entry.id}>
      <td>{entry.imageUrl && <img src={entry.imageUrl} alt="" width={64} height={64} />}</td>
      <td>
        <a href={entry.fullUrl ?? '#'}>{entry.title}</a>
        {attrs.length > 0 && <div className="meta">{attrs.map(([k, v]) => `${k}: ${v}`).join(', ')}</div>}
        {fields.length > 0 && <div className="meta">{fields.map(([k, v]) => `${k}: ${v}`).join(', ')}</div>}
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
          max={9999}
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
          aria-label={`Remove ${entry.title}`}
          disabled={props.busy}
          onClick={props.onRemove}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}

function parseFields(raw: string | null): [string, string][] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw);
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
  } catch {
    return [];
  }
}
