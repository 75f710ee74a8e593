import type { ShippingLocation, ShippingOption } from './cart-types';
import { ProductType } from '../product/product-types';

const same = (a: string, b: string | undefined) => b !== undefined && a.toUpperCase() === b.toUpperCase();

/** Where an option ships: a country, optionally one region of it (state, province …). */
export interface ShippingZone {
  country: string;
  region?: string | null;
}

/**
 * A shipping option as the owner defines it. FLAT costs `costCents`; WEIGHT costs `costCents`
 * plus `ratePerKgCents` per started kilogram of the cart's weight. Either is free once the
 * cart subtotal (before discounts, like the coupon minimum) reaches `freeOverCents`. An empty
 * `zones` list ships everywhere.
 */
export interface ShippingRate {
  id: string;
  name: string;
  description?: string;
  kind: 'FLAT' | 'WEIGHT';
  costCents: number;
  ratePerKgCents?: number;
  freeOverCents?: number | null;
  zones?: readonly ShippingZone[];
  enabled?: boolean;
}

/** What a cart brings to shipping: where it goes, its subtotal and its weight. */
export interface ShippingQuote {
  location: ShippingLocation | null;
  subtotalCents: number;
  /** Total weight of the shipped lines (variant weight × quantity). */
  weightGrams: number;
}

/**
 * Whether an option ships to a location. No zones: everywhere. Otherwise a zone must name the
 * location's country, and its region too when the zone has one. With no location yet only
 * the everywhere options qualify: a zone cannot be checked against an unknown address.
 */
export function shipsTo(
  zones: readonly ShippingZone[] | undefined,
  location: ShippingLocation | null,
): boolean {
  if (!zones || zones.length === 0) return true;
  if (!location) return false;
  return zones.some(
    (zone) => same(zone.country, location.country) && (!zone.region || same(zone.region, location.region)),
  );
}

/**
 * One option's cost for a cart, in minor units.
 *
 * @example
 * shippingCost({ id: 'w', name: 'By weight', kind: 'WEIGHT', costCents: 400, ratePerKgCents: 250 },
 *   { location: null, subtotalCents: 3000, weightGrams: 1200 }); // 900: 400 + 2 started kg × 250
 */
export function shippingCost(rate: ShippingRate, quote: Omit<ShippingQuote, 'location'>): number {
  if (rate.freeOverCents != null && quote.subtotalCents >= rate.freeOverCents) return 0;
  if (rate.kind !== 'WEIGHT') return rate.costCents;
  const startedKg = Math.ceil(Math.max(0, quote.weightGrams) / 1000);
  return rate.costCents + startedKg * (rate.ratePerKgCents ?? 0);
}

/**
 * The options a cart may choose from: enabled, shipping to its location, priced for it,
 * in the owner's order.
 *
 * @example
 * offeredShippingOptions(rates, { location: { country: 'US', region: 'NY' }, subtotalCents: 4100, weightGrams: 0 });
 */
export function offeredShippingOptions(
  rates: readonly ShippingRate[],
  quote: ShippingQuote,
): ShippingOption[] {
  return rates
    .filter((rate) => rate.enabled !== false && shipsTo(rate.zones, quote.location))
    .map((rate) => ({
      id: rate.id,
      name: rate.name,
      ...(rate.description !== undefined ? { description: rate.description } : {}),
      costCents: shippingCost(rate, quote),
    }));
}

/**
 * The weight that ships: variant weight × quantity over the physical lines (only those ship).
 *
 * @example
 * shippedWeightGrams([{ productType: 1, quantity: 3, weightGrams: 400 }]); // 1200
 */
export function shippedWeightGrams(
  lines: readonly { productType: number; quantity: number; weightGrams: number }[],
): number {
  return lines.reduce(
    (sum, line) => (line.productType === ProductType.PHYSICAL ? sum + line.weightGrams * line.quantity : sum),
    0,
  );
}
