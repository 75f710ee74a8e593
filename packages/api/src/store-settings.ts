import { CURRENCY_CODES } from '@store/commerce';
import { z } from 'zod';
import { countryCode, id, okBody } from './common';

/** What the owner is told when a store setting is wrong (server and studio show the same words). */
export const STORE_SETTINGS_MESSAGES = {
  wholeAmount: 'Enter a whole amount in minor units (cents).',
  notNegative: 'Enter 0 or more.',
  tooLarge: 'That amount is too large.',
  currency: 'Choose one of the store currencies.',
  nameRequired: 'Enter a name.',
  maxAboveMin: 'The maximum must be above the minimum.',
  percentRange: 'A percentage is a whole number from 1 to 100.',
  fixedAmount: 'Enter an amount above 0.',
  codeFormat: 'Use 1–40 letters, digits, - or _.',
  codeTaken: 'A coupon with this code already exists.',
  endsAfterStart: 'The end must be after the start.',
  usageLimit: 'The limit must be at least 1.',
  usageBelowUsed: 'The limit cannot be below the {timesUsed} times it was already used.',
  rateRange: 'Enter a rate from 0 to 100 %.',
  unknownNamespace: 'No preferences by that name.',
  notFound: 'That was not found; it may have been deleted.',
} as const;
const M = STORE_SETTINGS_MESSAGES;

/** Minor units (integer), 0 or more; the cap keeps every sum a safe integer. */
const cents = z
  .number({ message: M.wholeAmount })
  .int(M.wholeAmount)
  .min(0, M.notNegative)
  .max(10_000_000_000, M.tooLarge);
const name = z.string().trim().min(1, M.nameRequired).max(100);
const region = z.string().trim().max(64);

/**
 * Namespace `store` of `/api/v1/commerce-preferences` (spec §7). currency and the storeSettings
 * flags live on the website itself (the page context reads them there); storeCountry is kept
 * with the preferences. Reviews flags are spec §3 merchandisingSettings, flattened here.
 */
export const storePreferences = z.object({
  currency: z.enum(CURRENCY_CODES, { message: M.currency }),
  minimumOrderSubtotalCents: cents,
  expressCheckout: z.boolean(),
  useLightCart: z.boolean(),
  multipleQuantityAllowedForServices: z.boolean(),
  enableNativeReviews: z.boolean(),
  enableImportedReviews: z.boolean(),
  storeCountry: countryCode,
});
export type StorePreferences = z.output<typeof storePreferences>;

/**
 * Namespace `instalments`: the pay-later offer on product and cart pages (spec §3 instalment
 * context). Shown only when `provider` serves the store country (Clearpay: GB; Afterpay: US and
 * its territories, CA, AU, NZ — spec §9). Limits in minor units of the store currency.
 */
export const instalmentPreferences = z.object({
  enabled: z.boolean(),
  provider: z.enum(['afterpay', 'clearpay']),
  minCents: cents,
  maxCents: cents,
});
export type InstalmentPreferences = z.output<typeof instalmentPreferences>;

/** Each namespace's schema; a PUT may send any subset of its fields (only those change). */
export const commercePreferenceSchemas = {
  store: storePreferences,
  instalments: instalmentPreferences,
} as const;
export type CommerceNamespace = keyof typeof commercePreferenceSchemas;
export const commerceNamespaces = Object.keys(commercePreferenceSchemas) as CommerceNamespace[];

const namespaceParams = z.object({ namespace: z.string().min(1).max(64) });
const anyPreferences = z.union([storePreferences, instalmentPreferences]);

/** A shipping zone: a country, optionally one region of it. */
const zone = z.object({ country: countryCode, region: region.min(1).optional() });

export const shippingOptionInput = z
  .object({
    name,
    description: z.string().trim().max(300).default(''),
    kind: z.enum(['FLAT', 'WEIGHT']),
    costCents: cents,
    ratePerKgCents: cents.default(0),
    freeOverCents: cents.nullable().default(null),
    zones: z.array(zone).max(200).default([]),
    enabled: z.boolean().default(true),
    /** Position in the list; a new option without one goes last, an edit without one keeps its place. */
    displayIndex: z.number().int().min(0).max(10_000).optional(),
  })
  .transform((o) => (o.kind === 'FLAT' ? { ...o, ratePerKgCents: 0 } : o));
export const shippingOption = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['FLAT', 'WEIGHT']),
  costCents: z.number().int(),
  ratePerKgCents: z.number().int(),
  freeOverCents: z.number().int().nullable(),
  zones: z.array(z.object({ country: z.string(), region: z.string().optional() })),
  enabled: z.boolean(),
  displayIndex: z.number().int(),
});

export const taxRuleInput = z.object({
  name,
  country: countryCode,
  region: region.nullish().transform((r) => r || null),
  /** Basis points: 825 = 8.25 %. */
  rateBasisPoints: z.number().int(M.rateRange).min(0, M.rateRange).max(10_000, M.rateRange),
  included: z.boolean().default(false),
  appliesToShipping: z.boolean().default(false),
});
export const taxRule = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  rateBasisPoints: z.number().int(),
  included: z.boolean(),
  appliesToShipping: z.boolean(),
});

const when = z.iso.datetime({ offset: true }).nullable().default(null);
export const couponInput = z
  .object({
    /** Stored upper-case: codes are unique per site whatever the case the buyer types. */
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, M.codeFormat)
      .transform((c) => c.toUpperCase()),
    kind: z.enum(['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING']),
    /** Percent (1–100) or minor units; ignored (0) for free shipping. */
    amount: z
      .number({ message: M.wholeAmount })
      .int(M.wholeAmount)
      .max(10_000_000_000, M.tooLarge)
      .default(0),
    minSubtotalCents: cents.default(0),
    enabled: z.boolean().default(true),
    startsAt: when,
    endsAt: when,
    usageLimit: z.number().int(M.usageLimit).min(1, M.usageLimit).max(100_000_000).nullable().default(null),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'PERCENTAGE' && (c.amount < 1 || c.amount > 100))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: M.percentRange });
    if (c.kind === 'FIXED_AMOUNT' && c.amount < 1)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: M.fixedAmount });
    if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endsAfterStart });
  })
  .transform((c) => (c.kind === 'FREE_SHIPPING' ? { ...c, amount: 0 } : c));
export const coupon = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING']),
  amount: z.number().int(),
  minSubtotalCents: z.number().int(),
  enabled: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  timesUsed: z.number().int(),
});

const byId = z.object({ id });

export const storeSettingsRoutes = {
  'GET /api/v1/commerce-preferences/:namespace': {
    summary:
      'Store preferences of one namespace (store, instalments), websiteId stripped (spec §7); owner only; unknown namespace 404',
    params: namespaceParams,
    response: anyPreferences,
  },
  'PUT /api/v1/commerce-preferences/:namespace': {
    summary:
      'Save store preferences of one namespace: any subset of its fields, checked by that namespace’s schema; answers the saved object',
    params: z.object({ namespace: z.string().min(1).max(64) }),
    body: z.union([storePreferences.partial(), instalmentPreferences.partial()]),
    response: anyPreferences,
    // The service validates the body with the namespace's own schema (per-field errors).
    documentsOnly: true,
  },
  'GET /api/studio/commerce/shipping-options': {
    summary: 'Studio: the shipping options, in order (disabled ones too)',
    response: z.object({ shippingOptions: z.array(shippingOption) }),
  },
  'POST /api/studio/commerce/shipping-options': {
    summary: 'Studio: add a shipping option (FLAT or WEIGHT, free over an amount, zones)',
    body: shippingOptionInput,
    response: shippingOption,
    status: 201,
  },
  'PUT /api/studio/commerce/shipping-options/:id': {
    summary: 'Studio: replace a shipping option',
    params: byId,
    body: shippingOptionInput,
    response: shippingOption,
  },
  'DELETE /api/studio/commerce/shipping-options/:id': {
    summary: 'Studio: delete a shipping option',
    params: byId,
    response: okBody,
  },
  'GET /api/studio/commerce/tax-rules': {
    summary: 'Studio: the tax rules',
    response: z.object({ taxRules: z.array(taxRule) }),
  },
  'POST /api/studio/commerce/tax-rules': {
    summary: 'Studio: add a tax rule (country/region, rate in basis points, included or added)',
    body: taxRuleInput,
    response: taxRule,
    status: 201,
  },
  'PUT /api/studio/commerce/tax-rules/:id': {
    summary: 'Studio: replace a tax rule',
    params: byId,
    body: taxRuleInput,
    response: taxRule,
  },
  'DELETE /api/studio/commerce/tax-rules/:id': {
    summary: 'Studio: delete a tax rule',
    params: byId,
    response: okBody,
  },
  'GET /api/studio/commerce/coupons': {
    summary: 'Studio: the coupons with how often each was used',
    response: z.object({ coupons: z.array(coupon) }),
  },
  'POST /api/studio/commerce/coupons': {
    summary: 'Studio: add a coupon (code unique per site whatever its case: 409)',
    body: couponInput,
    response: coupon,
    status: 201,
  },
  'PUT /api/studio/commerce/coupons/:id': {
    summary: 'Studio: replace a coupon (the usage count is kept)',
    params: byId,
    body: couponInput,
    response: coupon,
  },
  'DELETE /api/studio/commerce/coupons/:id': {
    summary: 'Studio: delete a coupon',
    params: byId,
    response: okBody,
  },
} as const;
