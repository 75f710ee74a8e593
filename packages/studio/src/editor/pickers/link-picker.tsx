import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import type { PageSummary } from '../../api';
import { ChoiceList } from './choice-list';
import { filterByTitle } from './filter';
import { LINK_HINT, describeLink, parseLinkInput } from './link-value';
import { type CatalogProduct, loadCatalog, loadPages, priceLabel } from './picker-data';
import { PickerDialog } from './picker-dialog';

/** A chosen link: its address and the words for it (a page's or product's title, or the address). */
export interface PickedLink {
  href: string;
  text: string;
}

type Tab = 'page' | 'product' | 'url';
const TABS: { id: Tab; label: string }[] = [
  { id: 'page', label: 'Page' },
  { id: 'product', label: 'Product' },
  { id: 'url', label: 'Web address' },
];

/**
 * Where a link goes: a page of the site, a product, or a typed address (checked: a web
 * address, a site path, mailto: or tel:). Opens on the tab of the current link.
 */
export function LinkPicker({
  href,
  onPick,
  onRemove,
  onClose,
}: {
  href: string;
  onPick(link: PickedLink): void;
  onRemove?: () => void;
  onClose(): void;
}) {
  const id = useId();
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [products, setProducts] = useState<CatalogProduct[] | null>(null);
  const [failed, setFailed] = useState<{ pages?: boolean; products?: boolean }>({});
  const [tab, setTab] = useState<Tab>(href && !href.startsWith('/') ? 'url' : 'page');
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState(href);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    loadPages(true).then(
      (list) => live && setPages(list),
      () => {
        if (!live) return;
        setPages([]);
        setFailed((f) => ({ ...f, pages: true }));
      },
    );
    loadCatalog(true).then(
      (c) => live && setProducts(c.products),
      () => {
        if (!live) return;
        setProducts([]);
        setFailed((f) => ({ ...f, products: true }));
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const target = useMemo(() => describeLink(href, pages ?? [], products ?? []), [href, pages, products]);
  // Once both lists are in, open on the current link's tab (a product link on Product).
  useEffect(() => {
    if (pages && products && target.kind !== 'none') setTab(target.kind);
  }, [pages, products, target.kind]);

  const currentId = target.kind === 'page' || target.kind === 'product' ? target.choice.id : null;
  const submitTyped = () => {
    const parsed = parseLinkInput(typed);
    if (!parsed.ok) return setError(parsed.message);
    onPick({ href: parsed.href, text: typed.trim() });
  };
  const tabKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.findIndex((t) => t.id === tab);
    const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!by) return;
    event.preventDefault();
    const next = TABS[(at + by + TABS.length) % TABS.length] as (typeof TABS)[number];
    setTab(next.id);
    setQuery('');
    document.getElementById(`${id}-tab-${next.id}`)?.focus();
  };

  return (
    <PickerDialog
      title="Link to"
      className="picker--link"
      onClose={onClose}
      footer={
        <>
          {onRemove && href && (
            <button type="button" className="btn btn--plain" onClick={onRemove}>
              Remove link
            </button>
          )}
          <button type="button" className="btn btn--plain" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <div className="tabs" role="tablist" aria-label="Link to" onKeyDown={tabKeys}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`${id}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            className={`tab${tab === t.id ? ' tab--active' : ''}`}
            onClick={() => {
              setTab(t.id);
              setQuery('');
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className="picker__panel">
        {tab === 'url' ? (
          <form
            className="picker__url"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submitTyped();
            }}
          >
            <label htmlFor={`${id}-url`}>Web address</label>
            <input
              id={`${id}-url`}
              type="text"
              inputMode="url"
              value={typed}
              placeholder="https://"
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              aria-invalid={Boolean(error)}
              onChange={(e) => {
                setTyped(e.target.value);
                setError('');
              }}
            />
            <p id={`${id}-hint`} className="muted picker__hint">
              {LINK_HINT}
            </p>
            {error && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="btn btn--primary">
              Use this link
            </button>
          </form>
        ) : (
          <>
            <label className="picker__search">
              <span className="visually-hidden">{tab === 'page' ? 'Search pages' : 'Search products'}</span>
              <input
                type="search"
                value={query}
                placeholder={tab === 'page' ? 'Search pages' : 'Search products'}
                onChange={(e) => setQuery(e.target.value)}
              />
            </label>
            {tab === 'page' ? (
              pages === null ? (
                <p className="loading">Loading pages…</p>
              ) : (
                <ChoiceList
                  label="Pages"
                  currentId={currentId}
                  empty={
                    failed.pages
                      ? 'Pages could not be loaded. Type a web address instead.'
                      : 'No pages match.'
                  }
                  choices={filterByTitle(pages, query).map((p) => ({
                    id: p.id,
                    title: p.title,
                    detail: p.fullUrl,
                  }))}
                  onChoose={(pageId) => {
                    const page = pages.find((p) => p.id === pageId);
                    if (page) onPick({ href: page.fullUrl, text: page.title });
                  }}
                />
              )
            ) : products === null ? (
              <p className="loading">Loading products…</p>
            ) : (
              <ChoiceList
                label="Products"
                currentId={currentId}
                empty={
                  failed.products
                    ? 'Products could not be loaded. Type a web address instead.'
                    : 'No products match.'
                }
                choices={filterByTitle(products, query).map((p) => ({
                  id: p.id,
                  title: p.title,
                  detail: priceLabel(p),
                  thumbnail: p.mainImageUrl,
                }))}
                onChoose={(productId) => {
                  const product = products.find((p) => p.id === productId);
                  if (product) onPick({ href: product.fullUrl, text: product.title });
                }}
              />
            )}
          </>
        )}
      </div>
    </PickerDialog>
  );
}
