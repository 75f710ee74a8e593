import type { PageContext } from './page-context';

type Item = Record<string, unknown> & { id: string; structuredContent?: Record<string, unknown> };

function productSummary(item: Item) {
  const sc = item.structuredContent ?? {};
  return {
    id: item.id,
    title: item.title,
    fullUrl: item.fullUrl,
    assetUrl: item.assetUrl,
    collectionId: item.collectionId,
    ...sc,
  };
}

/**
 * What the islands need from the page context, as JSON safe to put inside a <script>.
 * Only catalogue data (no per-visitor state), so the page stays cacheable.
 */
export function islandData(context: PageContext): string {
  const products: Record<string, unknown> = {};
  const candidates = [...(context.items ?? []), ...(context.item ? [context.item] : [])] as Item[];
  for (const item of candidates)
    if (item.structuredContent?.variants) products[item.id] = productSummary(item);
  const website = context.website as { id: string; currency: string };
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
    storeSettings: (context.websiteSettings as { storeSettings?: unknown }).storeSettings ?? {},
    multipleQuantityAllowedForServices: (context.websiteSettings as Record<string, unknown>)
      .multipleQuantityAllowedForServices,
    products,
    merchandising: context.productMerchandisingContext ?? {},
    installments: context.productInstallmentContext ?? {},
    form: context.form ?? null,
    orderId: context.orderId ?? null,
  };
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
