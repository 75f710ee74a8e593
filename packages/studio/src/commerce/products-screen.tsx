import { useCallback, useEffect, useState } from 'react';
import { ProductEditor } from './product-editor';
import { ProductList } from './product-list';
import { type ProductTypeCode, type Store, failureMessage, productTypes, productsApi } from './products-api';
import { StoreForm } from './products-store-form';
import './products.css';

/**
 * /config/commerce/products → the list (or "Create a store" when the site has none);
 * /config/commerce/products/<id> → that product; /config/commerce/products/new?type=N → a new one.
 */
export function ProductsScreen({ rest }: { rest: string[] }) {
  const [first] = rest;
  if (first) {
    const query = new URLSearchParams(location.search);
    const asked = Number(query.get('type'));
    const type = (productTypes.find((t) => t.code === asked)?.code ?? 1) as ProductTypeCode;
    const id = first === 'new' ? null : first;
    return <ProductEditor key={id ?? `new-${type}`} id={id} type={type} storeId={query.get('store')} />;
  }
  return <ProductsHome />;
}

function ProductsHome() {
  const [state, setState] = useState<{ stores: Store[]; limit: number; websiteId: string } | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    try {
      const [session, stores] = await Promise.all([productsApi.session(), productsApi.stores()]);
      setState({
        stores: stores.stores,
        limit: stores.limits.productsPerCollection,
        websiteId: session.website.id,
      });
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);
  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!state) return <p className="loading">Loading the store…</p>;
  if (state.stores.length === 0) return <StoreForm websiteId={state.websiteId} onCreated={load} />;
  return <ProductList stores={state.stores} limit={state.limit} />;
}
