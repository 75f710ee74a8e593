import { type InventoryRow as Row, optionsLabel, stockLabel } from './products-api';

/** A stock edit typed on a row and not saved yet. */
export type StockEdit = { qty: string; unlimited: boolean };

/**
 * One variant: select box (tracked products only), product, options, SKU, the stock as a
 * number field with an "Unlimited" switch (or "Not tracked"), its state and who waits for it.
 */
export function InventoryRow({
  row,
  edit,
  selected,
  error,
  onSelect,
  onEdit,
}: {
  row: Row;
  edit: StockEdit | undefined;
  selected: boolean;
  error: string | undefined;
  onSelect(on: boolean): void;
  onEdit(patch: Partial<StockEdit>): void;
}) {
  const unlimited = edit?.unlimited ?? row.unlimited;
  return (
    <tr className={edit ? 'inventory-table__changed' : undefined}>
      <td className="select-cell">
        <input
          type="checkbox"
          aria-label={`Select ${row.sku}`}
          disabled={!row.tracksStock}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td>{row.productTitle}</td>
      <td>{optionsLabel(row.attributes) || '—'}</td>
      <td>{row.sku}</td>
      <td>
        {row.tracksStock ? (
          <div className="inventory-table__stock">
            <input
              className="cell-input"
              type="number"
              min={0}
              aria-label={`Stock of ${row.sku}`}
              value={unlimited ? '' : (edit?.qty ?? String(row.qtyInStock))}
              disabled={unlimited}
              aria-invalid={Boolean(error)}
              onChange={(e) => onEdit({ qty: e.target.value })}
            />
            <label className="check variant-table__check">
              <input
                type="checkbox"
                checked={unlimited}
                onChange={(e) => onEdit({ unlimited: e.target.checked })}
              />
              Unlimited<span className="visually-hidden"> ({row.sku})</span>
            </label>
          </div>
        ) : (
          <span className="muted">Not tracked</span>
        )}
        {error && <span className="field-error">{error}</span>}
      </td>
      <td>
        <span className={`stock stock--${row.stockState}`}>{stockLabel(row.stockState)}</span>
      </td>
      <td>{row.waiting || ''}</td>
    </tr>
  );
}
