import { formatMoney } from '@store/commerce';
import { useEffect, useRef, useState } from 'react';
import {
  type Column,
  DataList,
  FilterSelect,
  ListToolbar,
  LoadMore,
  SearchBox,
} from '../components/list-kit';
import { useApiPages } from '../data/api-query';
import { navigate } from '../router';
import { CatalogTransfer } from './catalog-transfer';
import {
  type ProductQuery,
  type ProductSummary,
  type ProductTypeCode,
  type Store,
  productPaths,
  productTypes,
  stockLabel,
  stockStates,
  typeLabel,
} from './products-api';

const price = (p: ProductSummary) => {
  try {
    const low = formatMoney(p.priceCents, p.currency);
    // Variants at one price show that price; different prices show the range.
    return p.maxPriceCents > p.priceCents ? `${low} – ${formatMoney(p.maxPriceCents, p.currency)}` : low;
  } catch {
    return '—';
  }
};
const stock = (p: ProductSummary) => (p.totalStock === null ? 'Unlimited' : `${p.totalStock} in stock`);
const variantsText = (n: number) => (n === 1 ? '1 variant' : `${n} variants`);
const open = (id: string) => navigate(productPaths.product(id));

const columns: Column<ProductSummary>[] = [
  {
    key: 'image',
    header: 'Image',
    hiddenHeader: true,
    className: 'product-table__thumb',
    cell: (p) =>
      p.mainImageUrl ? (
        <img className="product-thumb" src={`${p.mainImageUrl}?format=100w`} alt="" />
      ) : (
        <span className="product-thumb" aria-hidden="true" />
      ),
  },
  {
    key: 'product',
    header: 'Product',
    primary: true,
    cell: (p) => (
      <>
        <a
          className="product-table__link"
          href={productPaths.product(p.id)}
          onClick={(e) => {
            e.preventDefault();
            e.stopPropagation();
            open(p.id);
          }}
        >
          {p.title}
        </a>
        <span className="muted sub-line">{variantsText(p.variantCount)}</span>
      </>
    ),
  },
  { key: 'type', header: 'Type', cell: (p) => typeLabel(p.productType) },
  { key: 'price', header: 'Price', cell: price },
  {
    key: 'stock',
    header: 'Stock',
    cell: (p) => (
      <>
        <span className={`stock stock--${p.stockState}`}>{stockLabel(p.stockState)}</span>
        {p.stockState !== 'unlimited' && <span className="muted sub-line">{stock(p)}</span>}
      </>
    ),
  },
];

/**
 * The products of the site's stores: search by title or SKU, filters by type, category and
 * stock state, 50 a page with "Load more", and "New product" by type.
 */
export function ProductList({
  stores,
  limit,
}: {
  stores: Store[] /** Products per store (spec §9). */;
  limit: number;
}) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<ProductQuery>({});
  const [choosing, setChoosing] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  // The type menu closes on Escape and on a click anywhere else, as menus do.
  useEffect(() => {
    if (!choosing) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !menu.current?.contains(e.target as Node))
        setChoosing(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [choosing]);

  const list = useApiPages(
    'GET /api/studio/products',
    { query },
    { rows: (page) => page.products, next: (page) => (page.hasNextPage ? page.nextPageCursor : null) },
  );

  const filter = (patch: Partial<ProductQuery>) => setQuery((q) => ({ ...q, ...patch, cursor: undefined }));
  const categories = stores.flatMap((s) =>
    s.categories
      .filter((c) => c.id !== s.rootCategoryId)
      .map((c) => ({ id: c.id, label: stores.length > 1 ? `${s.title} › ${c.displayName}` : c.displayName })),
  );

  return (
    <div className="product-list">
      <div className="product-list__head">
        <h1>Products</h1>
        <span className="muted product-list__counts">
          {stores.map((s) => `${s.title}: ${s.productCount} of ${limit} products`).join(' · ')}
        </span>
        <CatalogTransfer />
        <div className="product-list__new" ref={menu}>
          <button
            type="button"
            className="btn btn--primary"
            aria-expanded={choosing}
            onClick={() => setChoosing(!choosing)}
          >
            New product
          </button>
          {choosing && (
            <ul className="product-list__types" aria-label="Product type">
              {productTypes.map((t) => (
                <li key={t.code}>
                  <button
                    type="button"
                    className="btn btn--plain product-list__type"
                    onClick={() => navigate(productPaths.create(t.code))}
                  >
                    {t.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <ListToolbar label="Find products" onSubmit={() => filter({ q: typed.trim() || undefined })}>
        <SearchBox
          id="product-search"
          label="Search"
          placeholder="Title or SKU"
          value={typed}
          onChange={(value) => {
            setTyped(value);
            // Clearing the box shows everything again without another Enter.
            if (!value) filter({ q: undefined });
          }}
        />
        <FilterSelect
          id="product-filter-type"
          label="Type"
          value={query.type ? String(query.type) : ''}
          allLabel="All types"
          options={productTypes.map((t) => ({ value: String(t.code), label: t.label }))}
          onChange={(v) => filter({ type: v ? (Number(v) as ProductTypeCode) : undefined })}
        />
        <FilterSelect
          id="product-filter-category"
          label="Category"
          value={query.categoryId ?? ''}
          allLabel="All categories"
          options={categories.map((c) => ({ value: c.id, label: c.label }))}
          onChange={(v) => filter({ categoryId: v || undefined })}
        />
        <FilterSelect
          id="product-filter-stock"
          label="Stock"
          value={query.stock ?? ''}
          allLabel="Any stock"
          options={stockStates}
          onChange={(v) => filter({ stock: (v || undefined) as ProductQuery['stock'] })}
        />
        <button type="submit" className="btn btn--plain">
          Search
        </button>
      </ListToolbar>
      <DataList
        label="Products"
        rows={list.rows}
        columns={columns}
        rowKey={(p) => p.id}
        rowClassName={() => 'product-table__row'}
        onRowClick={(p) => open(p.id)}
        loading={list.loading}
        error={list.errorText}
        empty={
          <p className="muted">
            {Object.keys(query).some((k) => query[k as keyof ProductQuery])
              ? 'No products match.'
              : 'No products yet.'}
          </p>
        }
      />
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
    </div>
  );
}
