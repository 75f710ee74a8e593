import { isTruthy, isObject, toBool, toNum, toStr } from '../../values';
import { getPath } from './scope';

/**
 * Product rules (storefront spec §4 "Sold out / on sale", §5 quantity input) as pure
 * functions of a product item's JSON.
 */
export const ProductType = { UNDEFINED: -1, PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4 } as const;

const KNOWN_TYPES = new Set<number>([1, 2, 3, 4]);

/** The product type code (strings like "1" accepted); -1 when unknown. */
export function productType(item: unknown): number {
  const code = toNum(getPath(item, ['structuredContent', 'productType']));
  return KNOWN_TYPES.has(code) ? code : ProductType.UNDEFINED;
}

/** The variants array, or undefined when the item has none. */
export function variantsOf(item: unknown): readonly unknown[] | undefined {
  const v = getPath(item, ['structuredContent', 'variants']);
  return Array.isArray(v) ? v : undefined;
}

const isPhysicalOrService = (type: number) => type === ProductType.PHYSICAL || type === ProductType.SERVICE;

/** Variant selection exists only for non-digital products with more than one variant. */
export function hasVariants(item: unknown): boolean {
  const variants = variantsOf(item);
  return productType(item) !== ProductType.DIGITAL && variants !== undefined && variants.length > 1;
}

/** Any variant on sale (physical/service), the item itself (digital); never gift cards. */
export function isOnSale(item: unknown): boolean {
  const type = productType(item);
  if (isPhysicalOrService(type))
    return (variantsOf(item) ?? []).some((v) => isTruthy(getPath(v, ['onSale'])));
  if (type === ProductType.DIGITAL) return isTruthy(getPath(item, ['structuredContent', 'onSale']));
  return false;
}

/** Physical/service with no unlimited variant and no stock; digital and gift cards never; unknown types always. */
export function isSoldOut(item: unknown): boolean {
  const type = productType(item);
  if (isPhysicalOrService(type)) {
    return !(variantsOf(item) ?? []).some(
      (v) => isTruthy(getPath(v, ['unlimited'])) || toNum(getPath(v, ['qtyInStock'])) > 0,
    );
  }
  return !(type === ProductType.DIGITAL || type === ProductType.GIFT_CARD);
}

/** Units that can still be sold: unlimited (MAX_SAFE_INTEGER) for digital, gift cards and unlimited variants. */
export function totalStockRemaining(item: unknown): number {
  const type = productType(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return Number.MAX_SAFE_INTEGER;
  let total = 0;
  for (const v of variantsOf(item) ?? []) {
    if (isTruthy(getPath(v, ['unlimited']))) return Number.MAX_SAFE_INTEGER;
    total += toNum(getPath(v, ['qtyInStock']));
  }
  return total;
}

/** Deep JSON equality, with missing equal only to missing. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Variants differ in price, in sale flag, or (when the first is on sale) in sale price. */
export function hasVariedPrices(item: unknown): boolean {
  const type = productType(item);
  if (!isPhysicalOrService(type) && type !== ProductType.GIFT_CARD) return false;
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
  const type = productType(item);
  const allowed =
    (type === ProductType.PHYSICAL ||
      (type === ProductType.SERVICE && multipleQuantityAllowedForServices(websiteSettings))) &&
    !isSubscribable(item);
  return allowed && totalStockRemaining(item) > 1;
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
