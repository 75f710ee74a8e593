import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { forms, headerFooters, navigations } from '../db/schema/index';
import {
  type CollectionRow,
  findCollectionByUrlId,
  findItemBySlug,
  listCategories,
  listCollections,
  listItems,
  loadProducts,
} from '../services/catalog.service';
import type { SiteRecord } from '../services/site.service';
import { defaultLocalizedStrings } from './localized-strings';
import { CollectionType, PageType, type PageTypeCode, RecordType } from './page-types';
import { collectionUrl, itemUrl, serializeCollection, serializeItem } from './serialize-catalog';

/** The page context: what templates render and `?format=json` returns (spec §3). */
export interface PageContext {
  pageType: PageTypeCode;
  itemId?: string;
  website: Record<string, unknown>;
  websiteSettings: Record<string, unknown>;
  collection?: ReturnType<typeof serializeCollection>;
  item?: Record<string, unknown>;
  items?: Record<string, unknown>[];
  product?: Record<string, unknown>;
  [key: string]: unknown;
}

/** System pages that do not come from a collection. */
const systemPages: Record<string, PageTypeCode> = {
  '/cart': PageType.showCart,
  '/checkout': PageType.checkout,
  '/checkout/subscription': PageType.checkout,
  '/checkout/order-confirmed': PageType.orderConfirmed,
  '/search': PageType.search,
};

async function siteFrame(db: Database, site: SiteRecord, path: string) {
  const [allCollections, [nav], [hf]] = await Promise.all([
    listCollections(db, site.id),
    db
      .select()
      .from(navigations)
      .where(eq(navigations.websiteId, site.id))
      .orderBy(asc(navigations.identifier)),
    db.select().from(headerFooters).where(eq(headerFooters.websiteId, site.id)),
  ]);
  const byId = new Map(allCollections.map((c) => [c.id, c]));
  const navigation = (nav?.items ?? []).map((entry) => {
    const c = entry.collectionId ? byId.get(entry.collectionId) : undefined;
    const url = c ? collectionUrl(c) : (entry.externalLink ?? '#');
    return {
      title: entry.title,
      url,
      collectionId: entry.collectionId ?? null,
      externalLink: entry.externalLink ?? null,
      active: url === '/' ? path === '/' : path === url || path.startsWith(`${url}/`),
    };
  });
  const context: PageContext = {
    pageType: PageType.page,
    website: {
      id: site.id,
      identifier: site.identifier,
      siteTitle: site.siteTitle,
      timeZone: site.timeZone,
      language: site.language,
      currency: site.currency,
      baseUrl: '',
      captchaSettings: site.captchaSettings,
      shareButtonOptions: {},
    },
    websiteSettings: {
      storeSettings: site.storeSettings,
      timeZone: site.timeZone,
      commentsEnabled: site.settings.commentsEnabled,
      disqusShortname: site.settings.disqusShortname,
      simpleLikingEnabled: site.settings.simpleLikingEnabled,
      multipleQuantityAllowedForServices: site.storeSettings.multipleQuantityAllowedForServices,
    },
    betaFeatureFlags: [],
    // Read by the trackers (spec §6 skip rules, §9 cookie policy, §3 source_environment).
    disableAnalytics: site.settings.disableAnalytics ?? false,
    cookiePolicy: site.settings.cookiePolicy ?? 'default',
    sourceEnvironment: process.env.NODE_ENV === 'production' ? 'prod' : 'dev',
    // CLDR money: price formatters print the currency ("$28.00"), not a bare number.
    featureFlags: { useCLDRMoneyFormat: true },
    localizedStrings: defaultLocalizedStrings,
    navigation,
    header: hf?.header ?? {},
    footer: hf?.footer ?? {},
    cartUrl: '/cart',
  };
  return { context, allCollections };
}

async function attachForm(db: Database, context: PageContext, formId: string | null): Promise<void> {
  if (!formId) return;
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  if (form) context.form = { id: form.id, name: form.name, ...form.definition };
}

async function collectionContext(
  db: Database,
  site: SiteRecord,
  context: PageContext,
  collection: CollectionRow,
) {
  context.collection = serializeCollection(collection);
  if (collection.type === CollectionType.page) {
    context.pageType = PageType.page;
    context.page = { title: collection.title, body: collection.body };
    await attachForm(db, context, collection.formId);
    return;
  }
  context.pageType = PageType.collection;
  const [rows, cats] = await Promise.all([
    listItems(db, site.id, collection.id),
    listCategories(db, site.id, collection.id),
  ]);
  const productMap =
    collection.type === CollectionType.products ? await loadProducts(db, site.id, rows) : new Map();
  context.items = rows.map((row) =>
    serializeItem(row, collection, {
      product: productMap.get(row.id),
      currency: site.currency,
      categories: cats,
    }),
  );
  context.categories = cats.map((c) => ({ id: c.id, displayName: c.displayName, slug: c.slug }));
  if (collection.type === CollectionType.products) addStoreContext(context, [...productMap.values()]);
}

/** Per-product merchandising and instalment context (spec §3). */
function addStoreContext(
  context: PageContext,
  records: {
    item: { id: string };
    product: { merchandising: Record<string, unknown>; productType: number };
  }[],
) {
  const merchandising: Record<string, unknown> = {};
  const installments: Record<string, unknown> = {};
  for (const { item, product } of records) {
    const m = product.merchandising;
    merchandising[item.id] = {
      customSoldOutText: m.customSoldOutText ?? '',
      scarcityEnabled: m.scarcityEnabled ?? false,
      scarcityText: m.scarcityText ?? '',
      scarcityShownByDefault: m.scarcityShownByDefault ?? true,
      restockNotificationViews: m.restockNotificationsEnabled ? ['PRODUCT_DETAIL'] : [],
      restockNotificationMessages: {},
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: false,
    };
    installments[item.id] = {
      afterPayAvailable: product.productType === 1,
      afterPayMin: { value: '35.00', currency: 'USD' },
      afterPayMax: { value: '2000.00', currency: 'USD' },
      shopperLanguage: 'en',
      stripeAccountCountry: 'US',
    };
  }
  context.productMerchandisingContext = merchandising;
  context.productInstallmentContext = installments;
}

async function itemContext(
  db: Database,
  site: SiteRecord,
  context: PageContext,
  collection: CollectionRow,
  slug: string,
): Promise<boolean> {
  const row = await findItemBySlug(db, site.id, collection.id, slug);
  if (!row) return false;
  context.pageType = PageType.contentItem;
  context.collection = serializeCollection(collection);
  context.itemId = row.id;
  const cats = await listCategories(db, site.id, collection.id);
  if (row.recordType === RecordType.storeItem) {
    const record = (await loadProducts(db, site.id, [row])).get(row.id);
    const item = serializeItem(row, collection, {
      product: record,
      currency: site.currency,
      categories: cats,
    });
    context.item = item;
    if (record) {
      context.product = {
        id: row.id,
        name: row.title,
        productType: record.product.productType,
        variants: (item.structuredContent as { variants: unknown[] }).variants,
        price: record.variants[0]?.priceCents ?? 0,
      };
      addStoreContext(context, [record]);
      await attachForm(db, context, record.product.additionalFieldsFormId);
      if (context.form)
        context.item.structuredContent = { ...item.structuredContent, additionalFieldsForm: context.form };
    }
  } else {
    context.item = serializeItem(row, collection, { currency: site.currency, categories: cats });
  }
  return true;
}

/** Published items and pages whose title or excerpt contains the query (case-insensitive). */
async function searchItems(db: Database, site: SiteRecord, collections: CollectionRow[], query: string) {
  const needle = query.toLowerCase();
  const results: { title: string; fullUrl: string; excerpt: string }[] = [];
  const visible = collections.filter((c) => c.enabled && c.password === null);
  for (const c of visible) {
    if (c.type === CollectionType.page) {
      if (c.title.toLowerCase().includes(needle))
        results.push({ title: c.title, fullUrl: collectionUrl(c), excerpt: c.description ?? '' });
      continue;
    }
    for (const row of await listItems(db, site.id, c.id)) {
      const text = `${row.title} ${row.excerpt ?? ''}`.toLowerCase();
      if (text.includes(needle))
        results.push({ title: row.title, fullUrl: itemUrl(c, row), excerpt: row.excerpt ?? '' });
    }
  }
  return results.slice(0, 50);
}

/**
 * Resolve a site path to its page context: collection, item, or system page, with its
 * page-type code (spec §2). Unknown paths give page type 100.
 */
export async function buildPageContext(
  db: Database,
  site: SiteRecord,
  path: string,
  options: { unlockedPages?: readonly string[]; query?: Record<string, string> } = {},
): Promise<PageContext> {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const { context, allCollections } = await siteFrame(db, site, clean);
  const system = systemPages[clean];
  if (system) {
    context.pageType = system;
    if (system === PageType.search) {
      const query = (options.query?.q ?? '').trim().slice(0, 200);
      context.search = { query };
      context.searchResults = query ? await searchItems(db, site, allCollections, query) : [];
    }
    if (system === PageType.orderConfirmed) context.orderId = options.query?.orderId ?? null;
    return context;
  }
  const orderStatus = /^\/commerce\/orders\/([A-Za-z0-9-]{1,64})$/.exec(clean);
  if (orderStatus) {
    context.pageType = PageType.orderStatus;
    context.orderId = orderStatus[1];
    return context;
  }
  const segments = clean === '/' ? ['home'] : clean.slice(1).split('/');
  const collection = await findCollectionByUrlId(db, site.id, decodeURIComponent(segments[0]));
  if (collection) {
    if (collection.password !== null && !options.unlockedPages?.includes(collection.id)) {
      context.pageType = PageType.lockScreen;
      context.collection = serializeCollection(collection);
      return context;
    }
    if (segments.length === 1) {
      await collectionContext(db, site, context, collection);
      return context;
    }
    const isProductPath =
      collection.type === CollectionType.products && segments.length === 3 && segments[1] === 'p';
    const isPostPath = collection.type !== CollectionType.products && segments.length === 2;
    if (
      (isProductPath || isPostPath) &&
      (await itemContext(db, site, context, collection, decodeURIComponent(segments.at(-1)!)))
    ) {
      return context;
    }
  }
  context.pageType = PageType.notFound;
  context.notFoundPath = clean;
  return context;
}
