import { useEffect, useRef, useState } from 'react';
import { usePagedList } from '../components/use-paged-list';
import { setUnsavedGuard } from '../unsaved-guard';
import { InventoryBulk } from './inventory-bulk';
import { type OfferLabel, RestockOfferBar } from './inventory-restock';
import { InventoryRow, type StockEdit } from './inventory-row';
import {
  type InventoryChange,
  type InventoryRow as Row,
  type RestockOffer,
  type StockState,
  failureMessage,
  fieldErrors,
  optionsLabel,
  productsApi,
  stockStates,
} from './products-api';

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Every variant's stock, 100 a page: edit a number (or unlimited) per row and save, or select
 * rows and set or add stock in one go. A save that brings sold-out variants back with signups
 * waiting offers the back-in-stock e-mail for each.
 */
export function InventoryStock() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<{ q?: string; stock?: StockState }>({});
  const [edits, setEdits] = useState<Record<string, StockEdit>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [offers, setOffers] = useState<{ offer: RestockOffer; label: OfferLabel }[]>([]);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [note, setNote] = useState('');

  const list = usePagedList(
    {
      fetch: (cursor) => productsApi.inventory({ ...query, cursor }),
      rows: (page) => page.variants,
      next: (page) => (page.hasNextPage ? page.nextPageCursor : null),
      failure: failureMessage,
      // A new list: what was selected or said about the old one goes.
      onFirstPage: () => {
        setSelected(new Set());
        setAlert('');
      },
    },
    [query],
  );
  const { rows, setRows, loading } = list;
  // A failed page read and a failed save share the one alert.
  const shownAlert = alert || list.error;

  async function apply(changes: InventoryChange[]): Promise<boolean> {
    if (!changes.length) return true;
    try {
      const out = await productsApi.changeStock(changes);
      const changed = new Map(out.variants.map((v) => [v.variantId, v]));
      setRows((list) => list.map((r) => changed.get(r.variantId) ?? r));
      setEdits((e) => Object.fromEntries(Object.entries(e).filter(([id]) => !changed.has(id))));
      setRowErrors({});
      setAlert('');
      setNote(`Saved the stock of ${changes.length === 1 ? '1 variant' : `${changes.length} variants`}.`);
      const fresh = out.restockOffers.map((offer) => {
        const row = changed.get(offer.variantId);
        return {
          offer,
          label: { product: row?.productTitle ?? offer.sku, options: optionsLabel(row?.attributes ?? {}) },
        };
      });
      setOffers((list) => [
        ...list.filter((o) => !fresh.some((f) => f.offer.variantId === o.offer.variantId)),
        ...fresh,
      ]);
      return true;
    } catch (failure) {
      // Errors name the change by position (`changes.3.adjustBy`): show each on its row.
      const byRow: Record<string, string> = {};
      for (const [path, message] of Object.entries(fieldErrors(failure))) {
        const index = Number(/^changes\.(\d+)/.exec(path)?.[1]);
        const change = changes[index];
        if (change) byRow[change.variantId] = message;
      }
      setRowErrors(byRow);
      setAlert(failureMessage(failure));
      setNote('');
      return false;
    }
  }

  /** The per-row edits as changes (a bad number is shown on its row and nothing is sent). */
  async function saveEdits(): Promise<void> {
    const bad: Record<string, string> = {};
    const changes: InventoryChange[] = [];
    for (const [variantId, edit] of Object.entries(edits)) {
      const qty = whole(edit.qty);
      if (!edit.unlimited && qty === null) bad[variantId] = 'Enter a whole number of 0 or more.';
      changes.push({
        variantId,
        unlimited: edit.unlimited,
        ...(edit.unlimited || qty === null ? {} : { qtyInStock: qty }),
      });
    }
    if (Object.keys(bad).length) {
      setRowErrors(bad);
      throw new Error('invalid');
    }
    if (!(await apply(changes))) throw new Error('refused');
  }
  const latest = useRef({ edits, saveEdits });
  latest.current = { edits, saveEdits };
  useEffect(() => {
    setUnsavedGuard({
      dirty: () => Object.keys(latest.current.edits).length > 0,
      save: () => latest.current.saveEdits(),
    });
    return () => setUnsavedGuard(null);
  }, []);

  const tracked = rows.filter((r) => r.tracksStock);
  const allSelected = tracked.length > 0 && tracked.every((r) => selected.has(r.variantId));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const copy = new Set(s);
      if (on) copy.add(id);
      else copy.delete(id);
      return copy;
    });
  const edit = (row: Row, patch: Partial<StockEdit>) => {
    setNote('');
    setEdits((e) => ({
      ...e,
      [row.variantId]: {
        qty: String(row.qtyInStock),
        unlimited: row.unlimited,
        ...e[row.variantId],
        ...patch,
      },
    }));
  };
  const pending = Object.keys(edits).length;

  return (
    <div>
      <form
        className="product-filters"
        aria-label="Find variants"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery((q) => ({ ...q, q: typed.trim() || undefined }));
        }}
      >
        <div className="product-filters__search">
          <label className="compact-label" htmlFor="inventory-search">
            Search
          </label>
          <input
            id="inventory-search"
            type="search"
            value={typed}
            placeholder="Product title or SKU"
            onChange={(e) => {
              setTyped(e.target.value);
              if (!e.target.value) setQuery((q) => ({ ...q, q: undefined }));
            }}
          />
        </div>
        <div className="product-filters__field">
          <label className="compact-label" htmlFor="inventory-filter-stock">
            Stock
          </label>
          <select
            id="inventory-filter-stock"
            value={query.stock ?? ''}
            onChange={(e) =>
              setQuery((q) => ({ ...q, stock: (e.target.value || undefined) as StockState | undefined }))
            }
          >
            <option value="">Any stock</option>
            {stockStates.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--plain">
          Search
        </button>
      </form>
      <div className="inventory__actions">
        <span role="status" className="note inventory__note">
          {note}
        </span>
        <button type="button" className="btn btn--plain" disabled={!pending} onClick={() => setEdits({})}>
          Discard
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!pending}
          onClick={() => saveEdits().catch(() => undefined)}
        >
          Save changes{pending ? ` (${pending})` : ''}
        </button>
      </div>
      {offers.map(({ offer, label }) => (
        <RestockOfferBar
          key={offer.variantId}
          offer={offer}
          label={label}
          onDone={() => setOffers((list) => list.filter((o) => o.offer.variantId !== offer.variantId))}
        />
      ))}
      {shownAlert && (
        <p className="alert" role="alert">
          {shownAlert}
        </p>
      )}
      {selected.size > 0 && (
        <InventoryBulk
          count={selected.size}
          onInvalid={setAlert}
          onApply={async (change) => {
            const ok = await apply([...selected].map((variantId) => ({ variantId, ...change })));
            if (ok) setSelected(new Set());
            return ok;
          }}
        />
      )}
      <table className="data-table" aria-label="Variant stock">
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <input
                type="checkbox"
                aria-label="Select all"
                checked={allSelected}
                disabled={tracked.length === 0}
                onChange={(e) =>
                  setSelected(e.target.checked ? new Set(tracked.map((r) => r.variantId)) : new Set())
                }
              />
            </th>
            <th scope="col">Product</th>
            <th scope="col">Options</th>
            <th scope="col">SKU</th>
            <th scope="col">Stock</th>
            <th scope="col">State</th>
            <th scope="col">Waiting</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <InventoryRow
              key={row.variantId}
              row={row}
              edit={edits[row.variantId]}
              selected={selected.has(row.variantId)}
              error={rowErrors[row.variantId]}
              onSelect={(on) => toggle(row.variantId, on)}
              onEdit={(patch) => edit(row, patch)}
            />
          ))}
        </tbody>
      </table>
      {!loading && rows.length === 0 && <p className="muted">No variants match.</p>}
      {loading && <p className="loading">Loading…</p>}
      {list.hasMore && !loading && (
        <button type="button" className="btn btn--plain load-more" onClick={list.loadMore}>
          Load more
        </button>
      )}
    </div>
  );
}
