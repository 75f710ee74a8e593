import type { CartEntry } from '../cart/cart-types';
import { ADD_TO_CART_ERRORS } from '../messages/add-to-cart';
import { fillMessage } from '../messages/fill-message';
import { hasStockFor } from './has-stock-for';
import { hasVariantSelection } from '../product/has-variant-selection';
import { missingOptionsMessage } from './missing-options-message';
import { optionNames } from '../product/option-names';
import { parseQuantity, type QuantityErrorCode } from './parse-quantity';
import { type Product, ProductType, type Variant } from '../product/product-types';
import { quantityInCart } from './quantity-in-cart';
import { resolveVariant } from '../product/resolve-variant';
import { tracksStock } from '../product/stock';

export interface AddToCartInput {
  product: Product;
  /** Option name to chosen value; empty or missing means not chosen. */
  chosenOptions?: Record<string, string | undefined>;
  /** A variant chosen directly, e.g. the gift card denomination. */
  sku?: string | null;
  /** Raw quantity input (number or text); defaults to 1. */
  quantity?: unknown;
  /** Current cart lines, so stock counts what is already there for the same item and variant. */
  cartEntries?: readonly Pick<CartEntry, 'itemId' | 'chosenVariant' | 'quantity'>[];
}

export type AddToCartErrorCode =
  | 'OPTION_MISSING'
  | 'OPTIONS_MISSING'
  | 'VARIANT_UNAVAILABLE'
  | 'VARIANT_OUT_OF_STOCK'
  | 'GIFT_CARD_DENOMINATION_MISSING'
  | QuantityErrorCode;

export type AddToCartFailure = { ok: false; code: AddToCartErrorCode; message: string };

/** `variant` is null only for a digital product sold without variants. */
export type AddToCartResult = { ok: true; variant: Variant | null; quantity: number } | AddToCartFailure;

function fail(code: Exclude<AddToCartErrorCode, 'OPTION_MISSING' | 'OPTIONS_MISSING'>): AddToCartFailure {
  return { ok: false, code, message: fillMessage(ADD_TO_CART_ERRORS[code]) };
}

function chooseVariant(input: AddToCartInput): { variant: Variant | null } | AddToCartFailure {
  const { product } = input;
  const chosen = input.chosenOptions ?? {};
  if (input.sku) {
    const bySku = product.variants.find((variant) => variant.sku === input.sku);
    return bySku ? { variant: bySku } : fail('VARIANT_UNAVAILABLE');
  }
  if (product.productType === ProductType.GIFT_CARD) {
    const denomination = product.variants.length === 1 ? product.variants[0] : undefined;
    const picked = denomination ?? (Object.keys(chosen).length ? resolveVariant(product, chosen) : undefined);
    return picked ? { variant: picked } : fail('GIFT_CARD_DENOMINATION_MISSING');
  }
  if (product.productType === ProductType.DIGITAL) return { variant: product.variants[0] ?? null };
  if (hasVariantSelection(product)) {
    const missing = optionNames(product).filter((name) => !chosen[name]);
    if (missing.length > 0) {
      const code = missing.length === 1 ? 'OPTION_MISSING' : 'OPTIONS_MISSING';
      return { ok: false, code, message: missingOptionsMessage(missing) };
    }
  }
  const variant = resolveVariant(product, chosen);
  return variant ? { variant } : fail('VARIANT_UNAVAILABLE');
}

/**
 * Validates an add-to-cart request with the exact messages of spec §5, in the order a visitor
 * would fix them: denomination or options, then the variant, then quantity, then stock
 * (counting what the cart already holds of the same item and variant).
 *
 * @example
 * validateAddToCart({ product: tee, chosenOptions: {} });
 * // { ok: false, code: 'OPTIONS_MISSING', message: 'Please select the Size and Color options.' }
 * validateAddToCart({ product: tee, chosenOptions: { Size: 'M', Color: 'Red' }, quantity: '2' });
 * // { ok: true, variant: { sku: 'TEE-M-RED', … }, quantity: 2 }
 */
export function validateAddToCart(input: AddToCartInput): AddToCartResult {
  const chosen = chooseVariant(input);
  if ('ok' in chosen) return chosen;
  const quantity = parseQuantity(input.quantity ?? 1);
  if (!quantity.ok) return quantity;
  const { variant } = chosen;
  if (variant && tracksStock(input.product.productType)) {
    const inCart = quantityInCart(input.cartEntries ?? [], input.product.id, variant.sku);
    if (!hasStockFor(variant, inCart, quantity.quantity)) return fail('VARIANT_OUT_OF_STOCK');
  }
  return { ok: true, variant, quantity: quantity.quantity };
}
