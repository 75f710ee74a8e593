import type { Variant } from './product-types';

/**
 * The variant whose attributes match every chosen option, or undefined when none does.
 * A product with a single variant resolves to it whatever was chosen.
 *
 * @example
 * resolveVariant(tee, { Size: 'M', Color: 'Red' })?.sku; // "TEE-M-RED"
 */
export function resolveVariant<V extends Variant>(
  product: { variants: V[] },
  chosen: Record<string, string | undefined>,
): V | undefined {
  if (product.variants.length === 1) return product.variants[0];
  return product.variants.find((variant) => {
    const entries = Object.entries(variant.attributes ?? {});
    return entries.length > 0 && entries.every(([name, value]) => chosen[name] === value);
  });
}
