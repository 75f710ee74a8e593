import {
  hasVariantSelection,
  isOnSale as onSale,
  ProductType,
  type ProductTypeCode,
  productTypeOf,
  showQuantityInput,
  isSoldOut as soldOut,
  stockFacts,
  tracksStock,
} from '@store/commerce';
import { isTruthy, isObject, toBool, toStr } from '../../values';
import { getPath } from './scope';

export { ProductType };

/**
 * The template side of the product rules (storefront spec §4 "Sold out / on sale", §5
 * quantity input): each reads a product item's JSON and asks `@store/commerce`, which holds
 * the rule itself, so pages, islands and the server give one answer.
 */

/** The product type code (strings like "1" accepted); undefined when unknown. */
export function productType(item: unknown): ProductTypeCode | undefined {
  return productTypeOf(getPath(item, ['structuredContent', 'productType']));
}

/** The variants array, or undefined when the item has none. */
export function variantsOf(item: unknown): readonly unknown[] | undefined {
  const v = getPath(item, ['structuredContent', 'variants']);
  return Array.isArray(v) ? v : undefined;
}

/** Variant selection exists only for non-digital products with more than one variant. */
export const hasVariants = (item: unknown): boolean => hasVariantSelection(stockFacts(item));

/** Any variant on sale (physical/service), the item itself (digital); never gift cards. */
export const isOnSale = (item: unknown): boolean => onSale(stockFacts(item));

/** Physical/service with no unlimited variant and no stock; digital and gift cards never; unknown types always. */
export const isSoldOut = (item: unknown): boolean => soldOut(stockFacts(item));

/** Deep JSON equality, with missing equal only to missing. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Variants differ in price, in sale flag, or (when the first is on sale) in sale price. */
export function hasVariedPrices(item: unknown): boolean {
  const type = productType(item);
  if (!tracksStock(type) && type !== ProductType.GIFT_CARD) return false;
  const variants = variantsOf(item) ?? [];
  if (variants.length === 0) return false;
  const [first, ...rest] = variants;
  const onSale = getPath(first, ['onSale']);
  const salePrice = getPath(first, ['salePrice']);
  const price = getPath(first, ['price']);
  return rest.some(
    (v) =>
      !same(getPath(v, ['onSale']), onSale) ||
      (isTruthy(onSale) && !same(getPath(v, ['salePrice']), salePrice)) ||
      !same(getPath(v, ['price']), price),
  );
}

export function isSubscribable(item: unknown): boolean {
  return toBool(getPath(item, ['structuredContent', 'isSubscribable']));
}

/** Store setting (default true) allowing more than one unit of a service per order. */
export function multipleQuantityAllowedForServices(websiteSettings: unknown): boolean {
  const store = getPath(websiteSettings, ['storeSettings']);
  if (!isObject(store)) return true;
  const value = store.multipleQuantityAllowedForServices;
  return value === null || value === undefined ? true : toBool(value);
}

/** Quantity field: physical (or service, if allowed) non-subscription products with more than one unit. */
export function showsQuantityInput(item: unknown, websiteSettings: unknown): boolean {
  return showQuantityInput(
    { ...stockFacts(item), isSubscribable: isSubscribable(item) },
    { multipleQuantityAllowedForServices: multipleQuantityAllowedForServices(websiteSettings) },
  );
}

/** A product option and the distinct values its variants use, in first-seen order. */
export interface VariantOption {
  name: string;
  values: string[];
}

/** Options named by `variantOptionOrdering`, filled from the variants' attributes; [] for < 2 variants. */
export function itemVariantOptions(item: unknown): VariantOption[] {
  const variants = variantsOf(item) ?? [];
  if (variants.length <= 1) return [];
  const ordering = getPath(item, ['structuredContent', 'variantOptionOrdering']);
  const options: VariantOption[] = (Array.isArray(ordering) ? ordering : []).map((name) => ({
    name: toStr(name),
    values: [],
  }));
  for (const variant of variants) {
    const attrs = getPath(variant, ['attributes']);
    if (!isObject(attrs)) continue;
    for (const [field, raw] of Object.entries(attrs)) {
      const option = options.find((o) => o.name === field);
      const value = toStr(raw);
      if (option && !option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
}

/** A variant's option values joined with " / ". */
export function variantDescriptor(variant: unknown): string {
  const values = getPath(variant, ['optionValues']);
  if (!Array.isArray(values)) return '';
  return values.map((v) => toStr(getPath(v, ['value']))).join(' / ');
}
