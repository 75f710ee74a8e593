import { formatMoney } from '@store/commerce';
import { useEffect, useRef, useState } from 'react';
import { usePagedList } from '../components/use-paged-list';
import { navigate } from '../router';
import {
  type ProductQuery,
  type ProductSummary,
  type ProductTypeCode,
  type Store,
  failureMessage,
  productPaths,
  productTypes,
  productsApi,
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

  const list = usePagedList(
    {
      fetch: (cursor) => productsApi.products({ ...query, cursor }),
      rows: (page) => page.products,
      next: (page) => (page.hasNextPage ? page.nextPageCursor : null),
      failure: failureMessage,
    },
    [query],
  );
  const { rows: products, loading, error } = list;

  const filter = (patch: Partial<ProductQuery>) => setQuery((q) => ({ ...q, ...patch, cursor: undefined }));
  const categories = stores.flatMap((s) =>
    s.categories
      .filter((c) => c.id !== s.rootCategoryId)
      .map((c) => ({ id: c.id, label: stores.length > 1 ? `${s.title} › ${c.displayName}` : c.displayName })),
  );
  const open = (id: string) => navigate(productPaths.product(id));

  return (
    <div className="product-list">
      <div className="product-list__head">
        <h1>Products</h1>
        <span className="muted product-list__counts">
          {stores.map((s) => `${s.title}: ${s.productCount} of ${limit} products`).join(' · ')}
        </span>
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
      <form
        className="product-filters"
        aria-label="Find products"
        onSubmit={(e) => {
          e.preventDefault();
          filter({ q: typed.trim() || undefined });
        }}
      >
        <div className="product-filters__search">
          <label className="compact-label" htmlFor="product-search">
            Search
          </label>
          <input
            id="product-search"
            type="search"
            value={typed}
            placeholder="Title or SKU"
            onChange={(e) => {
              setTyped(e.target.value);
              // Clearing the box shows everything again without another Enter.
              if (!e.target.value) filter({ q: undefined });
            }}
          />
        </div>
        <div className="product-filters__field">
          <label className="compact-label" htmlFor="product-filter-type">
            Type
          </label>
          <select
            id="product-filter-type"
            value={query.type ?? ''}
            onChange={(e) =>
              filter({ type: e.target.value ? (Number(e.target.value) as ProductTypeCode) : undefined })
            }
          >
            <option value="">All types</option>
            {productTypes.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="product-filters__field">
          <label className="compact-label" htmlFor="product-filter-category">
            Category
          </label>
          <select
            id="product-filter-category"
            value={query.categoryId ?? ''}
            onChange={(e) => filter({ categoryId: e.target.value || undefined })}
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="product-filters__field">
          <label className="compact-label" htmlFor="product-filter-stock">
            Stock
          </label>
          <select
            id="product-filter-stock"
            value={query.stock ?? ''}
            onChange={(e) => filter({ stock: (e.target.value || undefined) as ProductQuery['stock'] })}
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
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Image</span>
            </th>
            <th scope="col">Product</th>
            <th scope="col">Type</th>
            <th scope="col">Price</th>
            <th scope="col">Stock</th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.id} className="product-table__row" onClick={() => open(p.id)}>
              <td className="product-table__thumb">
                {p.mainImageUrl ? (
                  <img className="product-thumb" src={`${p.mainImageUrl}?format=100w`} alt="" />
                ) : (
                  <span className="product-thumb" aria-hidden="true" />
                )}
              </td>
              <td>
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
              </td>
              <td>{typeLabel(p.productType)}</td>
              <td>{price(p)}</td>
              <td>
                <span className={`stock stock--${p.stockState}`}>{stockLabel(p.stockState)}</span>
                {p.stockState !== 'unlimited' && <span className="muted sub-line">{stock(p)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!loading && products.length === 0 && (
        <p className="muted">
          {Object.keys(query).some((k) => query[k as keyof ProductQuery])
            ? 'No products match.'
            : 'No products yet.'}
        </p>
      )}
      {loading && <p className="loading">Loading…</p>}
      {list.hasMore && !loading && (
        <button type="button" className="btn btn--plain load-more" onClick={list.loadMore}>
          Load more
        </button>
      )}
    </div>
  );
}
