import { useQueryClient } from '@tanstack/react-query';
import { invalidateRoutes, useApiQuery } from '../data/api-query';
import { ProductEditor } from './product-editor';
import { ProductList } from './product-list';
import { type ProductTypeCode, productTypes } from './products-api';
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
  const client = useQueryClient();
  const session = useApiQuery('GET /api/studio/session', {});
  // Product counts change with every save elsewhere: asked again on each visit.
  const stores = useApiQuery('GET /api/studio/stores', {}, { staleTime: 0 });
  const error = session.errorText || stores.errorText;
  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!session.data || !stores.data) return <p className="loading">Loading the store…</p>;
  if (stores.data.stores.length === 0)
    return (
      <StoreForm
        websiteId={session.data.website.id}
        onCreated={() => invalidateRoutes(client, ['GET /api/studio/stores', 'GET /api/studio/products'])}
      />
    );
  return <ProductList stores={stores.data.stores} limit={stores.data.limits.productsPerCollection} />;
}
