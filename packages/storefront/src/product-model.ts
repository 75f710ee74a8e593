import type { Product } from '@store/commerce';
import type { MoneyValue, ProductData } from './page-data';

/** Decimal money string → minor units ("35.00" → 3500; JPY has no fraction). */
export function moneyToMinor(money: MoneyValue | undefined): number {
  if (!money) return 0;
  const [whole, frac = ''] = money.value.split('.');
  const digits = money.currency === 'JPY' ? 0 : 2;
  const sign = whole.startsWith('-') ? -1 : 1;
  const minor = Math.abs(Number(whole)) * 10 ** digits + Number((frac + '00').slice(0, digits) || 0);
  return sign * minor;
}

/** The page's product JSON as the commerce package's Product. */
export function toProduct(p: ProductData): Product {
  return {
    id: p.id,
    collectionId: p.collectionId,
    title: p.title,
    productType: p.productType,
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      priceCents: v.price,
      salePriceCents: v.salePrice,
      onSale: v.onSale,
      qtyInStock: v.qtyInStock,
      unlimited: v.unlimited,
      attributes: v.attributes ?? {},
      optionValues: v.optionValues ?? [],
    })),
    isSubscribable: p.isSubscribable,
    subscriptionPlan: p.subscriptionPlan,
    onSale: p.onSale,
    priceCents: moneyToMinor(p.priceMoney),
    salePriceCents: moneyToMinor(p.salePriceMoney),
    additionalFieldsFormId: p.additionalFieldsFormId,
    useCustomAddButtonText: p.useCustomAddButtonText,
    customAddButtonText: p.customAddButtonText,
    variantOptionOrdering: p.variantOptionOrdering,
  };
}
