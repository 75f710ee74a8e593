import { type CurrencyCode, DEFAULT_CURRENCY } from '../money/currencies';
import { CommerceError } from '../messages/money';
import { fromMoneyShape } from '../money/money-shape';
import type {
  Product,
  ProductTypeCode,
  SubscriptionPlan,
  Variant,
  VariantOptionValue,
} from './product-types';
import { toMinorUnits } from '../money/to-minor-units';
import { flagOf, recordOf, stockUnitsOf } from './item-fields';

type Raw = Record<string, unknown>;

const record = recordOf;

/**
 * A price in any stored form to minor units: a money object (`priceMoney`), a legacy number of
 * cents (`price: 10000`), or a decimal string / `{ decimalValue }`. Missing means 0.
 */
function cents(money: unknown, legacy: unknown, currency: CurrencyCode): number {
  if (money && typeof money === 'object') {
    const shape = record(money);
    const withCurrency = 'currency' in shape || 'currencyCode' in shape ? shape : { ...shape, currency };
    return fromMoneyShape(withCurrency).minor;
  }
  // Stored numbers are already minor units (spec §1: "divide by 100 for display").
  if (typeof legacy === 'number') {
    if (!Number.isSafeInteger(legacy)) throw new CommerceError('INVALID_MINOR_UNITS');
    return legacy;
  }
  if (typeof legacy === 'string') return toMinorUnits(legacy, currency);
  if (legacy && typeof legacy === 'object') return fromMoneyShape({ currency, ...record(legacy) }).minor;
  return 0;
}

function variantFromRaw(raw: Raw, currency: CurrencyCode): Variant {
  const attributes = Object.fromEntries(
    Object.entries(record(raw.attributes)).map(([name, value]) => [name, String(value)]),
  );
  const optionValues: VariantOptionValue[] = Array.isArray(raw.optionValues)
    ? raw.optionValues.map((option) => {
        const o = record(option);
        return { optionName: String(o.optionName ?? o.name ?? ''), value: String(o.value ?? '') };
      })
    : Object.entries(attributes).map(([optionName, value]) => ({ optionName, value }));
  return {
    ...(raw.id !== undefined ? { id: String(raw.id) } : {}),
    sku: String(raw.sku ?? ''),
    priceCents: cents(raw.priceMoney, raw.price, currency),
    salePriceCents: cents(raw.salePriceMoney, raw.salePrice, currency),
    onSale: flagOf(raw.onSale),
    qtyInStock: stockUnitsOf(raw.qtyInStock),
    unlimited: flagOf(raw.unlimited),
    attributes,
    optionValues,
  };
}

/**
 * Reads a page-context product item (spec §3 "Product item": fields under `structuredContent`,
 * prices as money objects or legacy numbers) into the flat `Product` the rules use.
 * Tolerates missing fields (the template data is often sparse); malformed money throws
 * `CommerceError`.
 *
 * @example
 * productFromItem({ id: 'p1', title: 'Tee', structuredContent: { productType: 1,
 *   variants: [{ sku: 'T', priceMoney: { value: '25.00', currency: 'USD' }, qtyInStock: 3 }] } });
 * // { id: 'p1', productType: 1, variants: [{ sku: 'T', priceCents: 2500, qtyInStock: 3, … }], … }
 */
export function productFromItem(item: unknown, options: { currency?: CurrencyCode } = {}): Product {
  const raw = record(item);
  const content = record(raw.structuredContent);
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const variants = Array.isArray(content.variants)
    ? content.variants.map((v) => variantFromRaw(record(v), currency))
    : [];
  const product: Product = {
    id: String(raw.id ?? ''),
    title: String(raw.title ?? ''),
    productType: Number(content.productType) as ProductTypeCode,
    variants,
    isSubscribable: flagOf(content.isSubscribable),
    subscriptionPlan: content.subscriptionPlan ? (content.subscriptionPlan as SubscriptionPlan) : null,
    onSale: flagOf(content.onSale),
    priceCents: cents(content.priceMoney, content.price, currency),
    salePriceCents: cents(content.salePriceMoney, content.salePrice, currency),
    additionalFieldsFormId:
      typeof content.additionalFieldsFormId === 'string' ? content.additionalFieldsFormId : null,
    useCustomAddButtonText: content.useCustomAddButtonText === true,
    customAddButtonText: String(content.customAddButtonText ?? ''),
  };
  if (raw.collectionId !== undefined) product.collectionId = String(raw.collectionId);
  if (Array.isArray(raw.variantOptionOrdering))
    product.variantOptionOrdering = raw.variantOptionOrdering.map(String);
  return product;
}
