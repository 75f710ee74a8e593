import { type CurrencyCode, fromMoneyShape, productFromItem } from '@store/commerce';
import { islandThemeStrings } from '../services/languages/localized-strings';
import { PageType } from './page-types';
import type { PageContext } from './page-context';

type Item = Record<string, unknown> & { id: string; structuredContent?: Record<string, unknown> };

/**
 * A product as the islands use it: the commerce rules' `Product` (prices in minor units),
 * plus what only the page needs (its URL, main image and each variant's own image). The
 * browser runs the rules on it as is, with no conversion code of its own.
 */
function islandProduct(item: Item, currency: CurrencyCode) {
  const product = productFromItem(item, { currency });
  const raw = (item.structuredContent?.variants ?? []) as { imageUrl?: string | null }[];
  return {
    ...product,
    variants: product.variants.map((variant, i) => ({ ...variant, imageUrl: raw[i]?.imageUrl ?? null })),
    fullUrl: item.fullUrl,
    assetUrl: item.assetUrl ?? null,
    images: ((item.images ?? []) as { assetUrl: string }[]).map((i) => i.assetUrl),
  };
}

interface InstalmentContext {
  afterPayAvailable?: boolean;
  afterPayMin?: { value: string; currency: string };
  afterPayMax?: { value: string; currency: string };
  shopperLanguage?: string;
  stripeAccountCountry?: string;
}

/** The spec's instalment context per item, with its limits in minor units for the rules. */
function islandInstalments(contexts: Record<string, InstalmentContext>) {
  const minor = (money: InstalmentContext['afterPayMin']) => (money ? fromMoneyShape(money).minor : 0);
  return Object.fromEntries(
    Object.entries(contexts).map(([itemId, ctx]) => [
      itemId,
      {
        afterPayAvailable: ctx.afterPayAvailable === true,
        afterPayMinCents: minor(ctx.afterPayMin),
        afterPayMaxCents: minor(ctx.afterPayMax),
        shopperLanguage: ctx.shopperLanguage ?? 'en',
        stripeAccountCountry: ctx.stripeAccountCountry ?? 'US',
      },
    ]),
  );
}

/**
 * What the islands need from the page context, as JSON safe to put inside a <script>.
 * Only catalogue data (no per-visitor state), so the page stays cacheable.
 */
export function islandData(context: PageContext): string {
  const products: Record<string, unknown> = {};
  const candidates = [...(context.items ?? []), ...(context.item ? [context.item] : [])] as Item[];
  const website = context.website as { id: string; currency: CurrencyCode };
  for (const item of candidates)
    if (item.structuredContent?.variants) products[item.id] = islandProduct(item, website.currency);
  // Checked against @store/api's islandData schema by test/openapi.test.ts (the page context is untyped).
  const data = {
    pageType: context.pageType,
    itemId: context.itemId ?? null,
    collectionId: context.collection?.id ?? null,
    collectionName: context.collection?.title ?? null,
    websiteId: website.id,
    website: { id: website.id, language: (context.website as { language?: string }).language },
    item: context.item ? { recordType: context.item.recordType } : null,
    // The trackers need to know where they run (spec §3 source environments).
    sourceEnvironment: process.env.NODE_ENV === 'production' ? 'prod' : 'dev',
    currency: website.currency,
    localizedStrings: context.localizedStrings,
    strings: islandThemeStrings((context.themeStrings ?? {}) as Record<string, string>),
    storeSettings: (context.websiteSettings as { storeSettings?: unknown }).storeSettings ?? {},
    multipleQuantityAllowedForServices: (context.websiteSettings as Record<string, unknown>)
      .multipleQuantityAllowedForServices,
    products,
    merchandising: context.productMerchandisingContext ?? {},
    installments: islandInstalments(
      (context.productInstallmentContext ?? {}) as Record<string, InstalmentContext>,
    ),
    form: context.form ?? null,
    orderId: context.orderId ?? null,
    ...(context.pageType === PageType.checkout
      ? { checkoutNewsletter: (context.checkoutNewsletter as { label: string } | null | undefined) ?? null }
      : {}),
  };
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
