import type { CartEntry } from '../src/cart/cart-types';
import { type Product, ProductType, type ProductTypeCode, type Variant } from '../src/product/product-types';

/** A variant with sensible defaults; attributes double as optionValues. */
export function variant(overrides: Partial<Variant> = {}): Variant {
  const attributes = overrides.attributes ?? {};
  return {
    sku: 'SKU',
    priceCents: 1000,
    salePriceCents: 0,
    onSale: false,
    qtyInStock: 5,
    unlimited: false,
    optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
    ...overrides,
    attributes,
  };
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 'item-1',
    title: 'Tee',
    productType: ProductType.PHYSICAL,
    variants: [variant()],
    isSubscribable: false,
    subscriptionPlan: null,
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    ...overrides,
  };
}

/** A tee in sizes S/M and colours Red/Blue; M-Blue is not offered. */
export function tee(overrides: Partial<Product> = {}): Product {
  return product({
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      variant({ sku: 'S-RED', attributes: { Size: 'S', Color: 'Red' }, qtyInStock: 3 }),
      variant({ sku: 'S-BLUE', attributes: { Size: 'S', Color: 'Blue' }, qtyInStock: 0 }),
      variant({ sku: 'M-RED', attributes: { Size: 'M', Color: 'Red' }, qtyInStock: 1 }),
    ],
    ...overrides,
  });
}

export function entry(overrides: Partial<CartEntry> = {}): CartEntry {
  const quantity = overrides.quantity ?? 1;
  const price = overrides.purchasePriceCents ?? 1000;
  return {
    id: 'e1',
    itemId: 'item-1',
    chosenVariant: { sku: 'SKU', attributes: {} },
    quantity,
    title: 'Tee',
    subTotal: price * quantity,
    purchasePriceCents: price,
    additionalFields: null,
    productType: ProductType.PHYSICAL as ProductTypeCode,
    ...overrides,
  };
}

/** Deterministic PRNG (mulberry32) so generated-cart tests are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const randomInt = (next: () => number, min: number, max: number) =>
  min + Math.floor(next() * (max - min + 1));
