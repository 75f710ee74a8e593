import type { ShippingLocation, TaxRule } from './cart-types';

const same = (a: string, b: string | undefined) => b !== undefined && a.toUpperCase() === b.toUpperCase();

/**
 * The tax rules that apply at a shipping location: rules without a country apply everywhere;
 * otherwise the country must match, and the region too when the rule names one.
 *
 * @example
 * applicableTaxRules(rules, { country: 'US', region: 'NY' });
 */
export function applicableTaxRules(rules: readonly TaxRule[], location: ShippingLocation | null): TaxRule[] {
  return rules.filter((rule) => {
    if (!rule.country) return true;
    if (!location || !same(rule.country, location.country)) return false;
    return !rule.region || same(rule.region, location.region);
  });
}
