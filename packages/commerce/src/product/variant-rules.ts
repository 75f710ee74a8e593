import { fillMessage } from '../messages/fill-message';
import { canBeSubscription } from './catalog-limits';
import { CATALOG_MESSAGES } from './catalog-messages';
import { tracksStock } from './stock';

/** The parts of a product the variant rules read. */
export interface VariantSetInput {
  productType: number;
  isSubscribable: boolean;
  subscriptionPlan?: unknown;
  variantOptionOrdering: readonly string[];
  variants: readonly {
    sku: string;
    attributes: Record<string, string>;
    priceCents: number;
    salePriceCents: number;
    onSale: boolean;
    qtyInStock: number;
  }[];
}

export interface VariantSetProblem {
  /** Where the problem is, e.g. `variants.2.salePriceCents`. */
  field: string;
  message: string;
}

/**
 * The first reason a product's variant set cannot be saved, or null: every variant has a value
 * for every option and no other, no two variants share a combination or a SKU, a sale price is
 * below the price, untracked types (digital, gift card) carry no stock, and only physical
 * products and services are subscriptions (spec §9), with a plan. Prices and quantities being
 * non-negative integers is the request schema's job; the site-wide SKU check the server's.
 */
export function checkVariantSet(input: VariantSetInput): VariantSetProblem | null {
  const options = input.variantOptionOrdering;
  const repeated = options.find((name, i) => options.indexOf(name) !== i);
  if (repeated !== undefined)
    return {
      field: 'variantOptionOrdering',
      message: fillMessage(CATALOG_MESSAGES.optionRepeated, { option: repeated }),
    };
  if (input.isSubscribable && !canBeSubscription(input.productType))
    return { field: 'isSubscribable', message: CATALOG_MESSAGES.notSubscribable };
  if (input.isSubscribable && !input.subscriptionPlan)
    return { field: 'subscriptionPlan', message: CATALOG_MESSAGES.planRequired };
  if (input.variants.length === 0) return { field: 'variants', message: CATALOG_MESSAGES.variantsRequired };
  const skus = new Set<string>();
  const combos = new Map<string, number>();
  for (const [i, v] of input.variants.entries()) {
    const at = `variants.${i}`;
    const sku = v.sku;
    if (skus.has(sku.toLowerCase()))
      return { field: `${at}.sku`, message: fillMessage(CATALOG_MESSAGES.skuRepeated, { sku }) };
    skus.add(sku.toLowerCase());
    const missing = options.find((option) => !v.attributes[option]);
    if (missing !== undefined)
      return {
        field: `${at}.attributes`,
        message: fillMessage(CATALOG_MESSAGES.missingOptionValue, { sku, option: missing }),
      };
    const extra = Object.keys(v.attributes).find((option) => !options.includes(option));
    if (extra !== undefined)
      return {
        field: `${at}.attributes`,
        message: fillMessage(CATALOG_MESSAGES.unknownOption, { sku, option: extra }),
      };
    const key = JSON.stringify(options.map((o) => v.attributes[o]));
    if (combos.has(key)) {
      const combination = options.map((o) => `${o} ${v.attributes[o]}`).join(', ') || '(none)';
      return {
        field: `${at}.attributes`,
        message: fillMessage(CATALOG_MESSAGES.duplicateCombination, { combination }),
      };
    }
    combos.set(key, i);
    if (v.onSale && v.salePriceCents >= v.priceCents)
      return {
        field: `${at}.salePriceCents`,
        message: fillMessage(CATALOG_MESSAGES.salePriceNotLower, { sku }),
      };
    if (!tracksStock(input.productType) && v.qtyInStock !== 0)
      return { field: `${at}.qtyInStock`, message: fillMessage(CATALOG_MESSAGES.untrackedStock, { sku }) };
  }
  return null;
}
