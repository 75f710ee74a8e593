import { useEffect, useId, useState } from 'react';
import { ChoiceList } from './choice-list';
import { filterByTitle } from './filter';
import { type CatalogProduct, loadCatalog, priceLabel, thumbnailUrl } from './picker-data';
import { PickerDialog } from './picker-dialog';

/** Choose a product: its picture, name and price, with search. */
export function ProductPicker({
  currentId,
  onPick,
  onClose,
}: {
  currentId: string;
  onPick(product: CatalogProduct): void;
  onClose(): void;
}) {
  const [products, setProducts] = useState<CatalogProduct[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  useEffect(() => {
    let live = true;
    loadCatalog(true).then(
      (c) => live && setProducts(c.products),
      () => {
        if (!live) return;
        setProducts([]);
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <PickerDialog
      title="Choose a product"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--plain" onClick={onClose}>
          Cancel
        </button>
      }
    >
      <label className="picker__search">
        <span className="visually-hidden">Search products</span>
        <input
          type="search"
          value={query}
          placeholder="Search products"
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      {products === null ? (
        <p className="loading">Loading products…</p>
      ) : (
        <ChoiceList
          label="Products"
          currentId={currentId}
          empty={
            failed
              ? 'Products could not be loaded. Try again.'
              : products.length
                ? 'No products match.'
                : 'No products yet: add one in Commerce → Products.'
          }
          choices={filterByTitle(products, query).map((p) => ({
            id: p.id,
            title: p.title,
            detail: priceLabel(p),
            thumbnail: p.mainImageUrl,
          }))}
          onChoose={(id) => {
            const product = products.find((p) => p.id === id);
            if (product) onPick(product);
          }}
        />
      )}
    </PickerDialog>
  );
}

/** A product block's product: what is chosen (picture, name, price) and a button to choose. */
export function ProductField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(productId: string): void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<CatalogProduct | null>(null);
  useEffect(() => {
    let live = true;
    if (!value) setChosen(null);
    else
      loadCatalog().then(
        (c) => live && setChosen(c.products.find((p) => p.id === value) ?? null),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [value]);
  const thumb = thumbnailUrl(chosen?.mainImageUrl, 100);
  return (
    <div className="field pick-field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="pick-field__current" id={`${id}-current`}>
        {thumb && <img src={thumb} alt="" width={56} height={56} />}
        <span>
          {chosen ? (
            <>
              <strong>{chosen.title}</strong>
              <span className="muted"> {priceLabel(chosen)}</span>
            </>
          ) : value ? (
            'A product that is no longer in the store'
          ) : (
            <span className="muted">No product chosen</span>
          )}
        </span>
      </div>
      <div className="pick-field__actions">
        <button
          type="button"
          className="btn btn--plain"
          aria-describedby={`${id}-label ${id}-current`}
          onClick={() => setOpen(true)}
        >
          {value ? 'Change product…' : 'Choose product…'}
        </button>
      </div>
      {open && (
        <ProductPicker
          currentId={value}
          onClose={() => setOpen(false)}
          onPick={(product) => {
            setOpen(false);
            setChosen(product);
            onChange(product.id);
          }}
        />
      )}
    </div>
  );
}
