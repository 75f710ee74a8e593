import { useEffect, useRef, useState } from 'react';
import { DataList, FilterSelect, ListToolbar, LoadMore, SearchBox } from '../components/list-kit';
import { useApiMutation, useApiPages } from '../data/api-query';
import { failureText, serverFieldErrors } from '../data/errors';
import { setUnsavedGuard } from '../unsaved-guard';
import { InventoryBulk } from './inventory-bulk';
import { type OfferLabel, RestockOfferBar } from './inventory-restock';
import { type StockEdit, inventoryColumns } from './inventory-row';
import {
  type InventoryChange,
  type InventoryRow as Row,
  type RestockOffer,
  type StockState,
  optionsLabel,
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

  const list = useApiPages(
    'GET /api/studio/inventory',
    { query },
    { rows: (page) => page.variants, next: (page) => (page.hasNextPage ? page.nextPageCursor : null) },
  );
  const rows = list.rows;
  // A new list: what was selected or said about the old one goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the filters change
  useEffect(() => {
    setSelected(new Set());
    setAlert('');
  }, [query]);
  // A failed page read and a failed save share the one alert.
  const shownAlert = alert || list.errorText;
  // The product list shows stock states too: it is asked again after a change.
  const change = useApiMutation('PATCH /api/studio/inventory', {
    invalidates: ['GET /api/studio/products', 'GET /api/studio/stores'],
  });

  async function apply(changes: InventoryChange[]): Promise<boolean> {
    if (!changes.length) return true;
    try {
      const out = await change.mutateAsync({ body: { changes } });
      const changed = new Map(out.variants.map((v) => [v.variantId, v]));
      // The saved rows in place (a refetch could reorder the list under the owner's eyes).
      list.updatePages((page) => ({
        ...page,
        variants: page.variants.map((r) => changed.get(r.variantId) ?? r),
      }));
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
      for (const [path, message] of Object.entries(serverFieldErrors(failure))) {
        const index = Number(/^changes\.(\d+)/.exec(path)?.[1]);
        const change = changes[index];
        if (change) byRow[change.variantId] = message;
      }
      setRowErrors(byRow);
      setAlert(failureText(failure));
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
      <ListToolbar
        label="Find variants"
        onSubmit={() => setQuery((q) => ({ ...q, q: typed.trim() || undefined }))}
      >
        <SearchBox
          id="inventory-search"
          label="Search"
          placeholder="Product title or SKU"
          value={typed}
          onChange={(value) => {
            setTyped(value);
            if (!value) setQuery((q) => ({ ...q, q: undefined }));
          }}
        />
        <FilterSelect
          id="inventory-filter-stock"
          label="Stock"
          value={query.stock ?? ''}
          allLabel="Any stock"
          options={stockStates}
          onChange={(v) => setQuery((q) => ({ ...q, stock: (v || undefined) as StockState | undefined }))}
        />
        <button type="submit" className="btn btn--plain">
          Search
        </button>
      </ListToolbar>
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
      <DataList
        label="Variant stock"
        className="data-table"
        rows={rows}
        columns={inventoryColumns({ edits, errors: rowErrors, onEdit: edit })}
        rowKey={(r) => r.variantId}
        rowClassName={(r) => (edits[r.variantId] ? 'inventory-table__changed' : undefined)}
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (r) => `Select ${r.sku}`,
          allLabel: 'Select all',
          selectable: (r) => r.tracksStock,
        }}
        loading={list.loading}
        empty={<p className="muted">No variants match.</p>}
      />
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
    </div>
  );
}
