import type { Column } from '../components/list-kit';
import { type InventoryRow as Row, optionsLabel, stockLabel } from './products-api';

/** A stock edit typed on a row and not saved yet. */
export type StockEdit = { qty: string; unlimited: boolean };

/**
 * The inventory table's columns: product, options, SKU, the stock as a number field with an
 * "Unlimited" switch (or "Not tracked") and its error, its state and who waits for it.
 */
export function inventoryColumns(props: {
  edits: Record<string, StockEdit>;
  errors: Record<string, string>;
  onEdit(row: Row, patch: Partial<StockEdit>): void;
}): Column<Row>[] {
  const { edits, errors, onEdit } = props;
  return [
    { key: 'product', header: 'Product', primary: true, cell: (row) => row.productTitle },
    { key: 'options', header: 'Options', cell: (row) => optionsLabel(row.attributes) || '—' },
    { key: 'sku', header: 'SKU', cell: (row) => row.sku },
    {
      key: 'stock',
      header: 'Stock',
      cell: (row) => {
        const edit = edits[row.variantId];
        const error = errors[row.variantId];
        const unlimited = edit?.unlimited ?? row.unlimited;
        return (
          <div>
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
                  onChange={(e) => onEdit(row, { qty: e.target.value })}
                />
                <label className="check variant-table__check">
                  <input
                    type="checkbox"
                    checked={unlimited}
                    onChange={(e) => onEdit(row, { unlimited: e.target.checked })}
                  />
                  Unlimited<span className="visually-hidden"> ({row.sku})</span>
                </label>
              </div>
            ) : (
              <span className="muted">Not tracked</span>
            )}
            {error && <span className="field-error">{error}</span>}
          </div>
        );
      },
    },
    {
      key: 'state',
      header: 'State',
      cell: (row) => <span className={`stock stock--${row.stockState}`}>{stockLabel(row.stockState)}</span>,
    },
    { key: 'waiting', header: 'Waiting', cell: (row) => row.waiting || '' },
  ];
}
