import {
  type Coupon,
  ProductType,
  type ShippingRate,
  shippedWeightGrams,
  type TaxRule,
} from '@store/commerce';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { coupons, shippingOptions, taxRules, variants } from '../../db/schema/index';
import type { Tx } from '../../db/client';
import type { Db } from '../cart/cart-store';
import { createSiteRulesCache } from '../cart/site-rules-cache';
import { notifySiteChanged } from '../studio/site-changed';

/** Basis points → exact decimal percent string: 888 → "8.88". */
export function basisPointsToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = String(bp % 100).padStart(2, '0');
  return `${whole}.${frac}`;
}

export async function loadTaxRules(db: Db, websiteId: string): Promise<TaxRule[]> {
  const rows = await db.select().from(taxRules).where(eq(taxRules.websiteId, websiteId));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    ratePercent: basisPointsToPercent(r.rateBasisPoints),
    country: r.country,
    ...(r.region ? { region: r.region } : {}),
    included: r.included,
    appliesToShipping: r.appliesToShipping,
  }));
}

/** The enabled shipping options as pricing rules, in the owner's order. */
export async function loadShippingRates(db: Db, websiteId: string): Promise<ShippingRate[]> {
  const rows = await db
    .select()
    .from(shippingOptions)
    .where(and(eq(shippingOptions.websiteId, websiteId), eq(shippingOptions.enabled, true)))
    .orderBy(asc(shippingOptions.displayIndex), asc(shippingOptions.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    kind: r.kind,
    costCents: r.costCents,
    ratePerKgCents: r.ratePerKgCents,
    freeOverCents: r.freeOverCents,
    zones: r.zones,
  }));
}

export interface PricingRules {
  taxRules: TaxRule[];
  shippingRates: ShippingRate[];
}

/**
 * Per-process cache (every cart read needs them). The owner's writes call `forgetPricingRules`
 * and NOTIFY `site_changed`, which makes every other process call it too.
 */
const cached = createSiteRulesCache<PricingRules>(async (db, websiteId) => ({
  // Sequential on purpose: inside a transaction these share one connection.
  taxRules: await loadTaxRules(db, websiteId),
  shippingRates: await loadShippingRates(db, websiteId),
}));

export const loadPricingRules = (db: Db, websiteId: string) => cached(db, websiteId);

/** After an owner's change to shipping options or tax rules: this process prices with it at once. */
export function forgetPricingRules(websiteId: string): void {
  cached.forget(websiteId);
}

/**
 * Run an owner's write of tax rules or shipping options and NOTIFY `site_changed` in the same
 * transaction: every process drops its cached rules (and the site's pages) when it commits.
 */
export async function announce<T>(tx: Tx, websiteId: string, write: PromiseLike<T>): Promise<T> {
  const result = await write;
  await notifySiteChanged(tx, websiteId);
  return result;
}

/** Every site's rules (the change listener reconnected: changes may have been missed). */
export function forgetAllPricingRules(): void {
  cached.clear();
}

/** The cart's coupons (enabled ones; codes compare case-insensitively), with dates and usage. */
export async function loadCartCoupons(
  db: Db,
  websiteId: string,
  codes: readonly string[],
): Promise<Coupon[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.websiteId, websiteId),
        eq(coupons.enabled, true),
        inArray(
          sql`upper(${coupons.code})`,
          codes.map((c) => c.toUpperCase()),
        ),
      ),
    );
  return rows.map((r) => {
    const base = {
      code: r.code,
      minSubtotalCents: r.minSubtotalCents,
      startsAt: r.startsAt?.getTime() ?? null,
      expiresAt: r.endsAt?.getTime() ?? null,
      usageLimit: r.usageLimit,
      timesUsed: r.timesUsed,
    };
    if (r.kind === 'PERCENTAGE') return { ...base, type: 'PERCENTAGE', percent: String(r.amount) };
    if (r.kind === 'FREE_SHIPPING') return { ...base, type: 'FREE_SHIPPING' };
    return { ...base, type: 'FIXED_AMOUNT', amountCents: r.amount };
  });
}

/**
 * The weight that ships, read only when a WEIGHT option could use it (one query by variant id;
 * the cart's lines do not carry weights).
 */
export async function loadShippedWeight(
  db: Db,
  rates: readonly ShippingRate[],
  lines: readonly { variantId: string; productType: number; quantity: number }[],
): Promise<number> {
  const physical = lines.filter((l) => l.productType === ProductType.PHYSICAL);
  if (physical.length === 0 || !rates.some((r) => r.kind === 'WEIGHT')) return 0;
  const ids = [...new Set(physical.map((l) => l.variantId))];
  const rows = await db
    .select({ id: variants.id, weightGrams: variants.weightGrams })
    .from(variants)
    .where(inArray(variants.id, ids));
  const weight = new Map(rows.map((r) => [r.id, r.weightGrams]));
  return shippedWeightGrams(physical.map((l) => ({ ...l, weightGrams: weight.get(l.variantId) ?? 0 })));
}
