import type { ApiInput, ApiOutput } from '@store/api/client';
import { ApiFailure, api, call } from '../api';
import { paths } from '../router';

export { ApiFailure };

export type StoreList = ApiOutput<'GET /api/studio/stores'>;
export type Store = StoreList['stores'][number];
export type Category = Store['categories'][number];
export type ProductSummary = ApiOutput<'GET /api/studio/products'>['products'][number];
export type ProductDetail = ApiOutput<'GET /api/studio/products/:id'>;
export type ProductBody = ApiInput<'POST /api/studio/products'>['body'];
export type VariantBody = ProductBody['variants'][number];
/** The list's filters (the route coerces `type` from the query string, so its input type is loose). */
export type ProductQuery = Omit<NonNullable<ApiInput<'GET /api/studio/products'>['query']>, 'type'> & {
  type?: ProductTypeCode;
};
export type StockState = ProductSummary['stockState'];
export type InventoryRow = ApiOutput<'GET /api/studio/inventory'>['variants'][number];
export type InventoryChange = ApiInput<'PATCH /api/studio/inventory'>['body']['changes'][number];
export type RestockOffer = ApiOutput<'PATCH /api/studio/inventory'>['restockOffers'][number];
export type StoreCreate =
  ApiInput<'POST /api/content-service/product/1.1/websites/:websiteId/products'>['body'];

/** One restock signup group as the owner's groups call answers it (the contract types only the ids). */
export interface RestockGroup {
  productId: string;
  variantId: string;
  productName: string;
  sku: string;
  attributes: Record<string, string>;
  signUpCount: number;
  pendingCount: number;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const whole = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function restockGroup(
  raw: Record<string, unknown> & { productId: string; variantId: string },
): RestockGroup {
  const attributes =
    raw.attributes && typeof raw.attributes === 'object' ? (raw.attributes as Record<string, string>) : {};
  return {
    productId: raw.productId,
    variantId: raw.variantId,
    productName: text(raw.productName),
    sku: text(raw.sku),
    attributes,
    signUpCount: whole(raw.signUpCount),
    pendingCount: whole(raw.pendingCount),
  };
}

/** "Size S, Colour Red" (empty for a product without options). */
export const optionsLabel = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');

/** The field errors of a refused save (`errors` keyed by field path), or {} for other failures. */
export function fieldErrors(failure: unknown): Record<string, string> {
  if (!(failure instanceof ApiFailure)) return {};
  const errors = failure.body.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

export const failureMessage = (failure: unknown) =>
  failure instanceof ApiFailure ? failure.message : 'Something went wrong';

let currency: Promise<string> | null = null;

export const productsApi = {
  session: () => api.session(),
  stores: () => call('GET /api/studio/stores'),
  createStore: (websiteId: string, body: StoreCreate) =>
    call('POST /api/content-service/product/1.1/websites/:websiteId/products', {
      params: { websiteId },
      body,
    }),
  createCategory: (websiteId: string, collectionId: string, displayName: string) =>
    call('POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories', {
      params: { websiteId, collectionId },
      body: { displayName },
    }),
  product: (id: string) => call('GET /api/studio/products/:id', { params: { id } }),
  createProduct: (body: ProductBody) => call('POST /api/studio/products', { body }),
  saveProduct: (id: string, body: ProductBody) =>
    call('PUT /api/studio/products/:id', { params: { id }, body }),
  deleteProduct: (id: string) => call('DELETE /api/studio/products/:id', { params: { id } }),
  media: () => api.media(),
  forms: async () => (await api.catalog()).forms,
  /**
   * The store currency, for typing prices in major units: the store preferences (spec §7
   * commerce-preferences, namespace `store`) answer it. Read once per studio visit; the
   * product list's summaries carry it too, so a stale value only matters across a change.
   */
  currency: (): Promise<string> => {
    currency ??= call('GET /api/v1/commerce-preferences/:namespace', { params: { namespace: 'store' } }).then(
      (preferences) => ('currency' in preferences ? preferences.currency : 'USD'),
      () => {
        currency = null;
        return 'USD';
      },
    );
    return currency;
  },
};

export const productTypes = [
  { code: 1, label: 'Physical' },
  { code: 2, label: 'Digital' },
  { code: 3, label: 'Service' },
  { code: 4, label: 'Gift card' },
] as const;
export type ProductTypeCode = (typeof productTypes)[number]['code'];

export const typeLabel = (code: number) => productTypes.find((t) => t.code === code)?.label ?? 'Product';

export const stockStates: { value: StockState; label: string }[] = [
  { value: 'in_stock', label: 'In stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Sold out' },
  { value: 'unlimited', label: 'Unlimited' },
];
export const stockLabel = (state: StockState) => stockStates.find((s) => s.value === state)?.label ?? state;

/** Where the product screens live (under the Commerce area's products section). */
export const productPaths = {
  list: paths.commerce('products'),
  product: (id: string) => `${paths.commerce('products')}/${encodeURIComponent(id)}`,
  create: (type: number) => `${paths.commerce('products')}/new?type=${type}`,
  inventory: paths.commerce('inventory'),
  waiting: `${paths.commerce('inventory')}/waiting`,
};
