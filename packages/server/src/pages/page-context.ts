import type { Database } from '../db/client';
import { type NavigationItem, formForPage } from '../services/page-data';
import { type CollectionRow, findItemBySlug, listItemsPage, loadProducts } from '../services/catalog.service';
import type { SiteRecord } from '../services/site.service';
import { MAX_TAG_LENGTH, monthRange } from '../services/collection-facets';
import { isRootCategory } from '../services/catalog-admin/store.service';
import { type InstalmentTerms, loadInstalmentTerms } from '../services/store-settings/instalment-context';
import {
  attachBlockLayout,
  attachSiteStyles,
  hideUnpublishedLinks,
  isLive,
  membersOnlyContext,
  pageState,
} from './block-page';
import { defaultLocalizedStrings, defaultThemeStrings } from '../services/languages/localized-strings';
import { CollectionType, PageType, type PageTypeCode, RecordType } from './page-types';
import { collectionUrl, serializeCollection, serializeItem } from '../services/serialize-catalog';
import { type SiteFrameData, SiteFrameCache } from './site-frame';
import { applyShopView } from './shop-view';
import { attachPopupOverlay } from './popup-overlay';
import { attachBranding } from './site-branding';
import { attachProductExtras } from './product-extras';
import { siteSearchResults } from './site-search-results';
import { isOrderPagePath, orderPageContext } from './order-pages';
import { ANONYMOUS, type ViewerAccess } from '../services/members/access';
import { gateBlocks, gateItemPage, gateListings, gateSearchResults, memberAreaDenied } from './member-gate';
import { orderConfirmedContext } from './subscription-confirmed';
import { ssoButton } from '../services/sso/sso-settings.service';
import { checkoutNewsletterBox } from '../services/lists/checkout-opt-in';
import { courseContext } from './course-pages';
import { isMemberAreaPagePath, memberAreaPageContext } from './member-join-pages';

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

/** A navigation entry as templates read it. */
interface NavigationLink {
  title: string;
  url: string;
  collectionId: string | null;
  externalLink: string | null;
  active: boolean;
  children: NavigationLink[];
}

/** System pages that do not come from a collection. */
const systemPages: Record<string, PageTypeCode> = {
  '/cart': PageType.showCart,
  '/checkout': PageType.checkout,
  '/checkout/subscription': PageType.checkout,
  '/checkout/order-confirmed': PageType.orderConfirmed,
  '/donate': PageType.donate,
  '/donate/thank-you': PageType.contributionConfirmed,
  '/search': PageType.search,
  '/newsletter/unsubscribe': PageType.newsletterUnsubscribe,
  '/account': PageType.customerAccount,
  '/account/sso': PageType.ssoPage,
};

function siteFrame(site: SiteRecord, frame: SiteFrameData, path: string) {
  const byId = new Map(frame.collections.map((c) => [c.id, c]));
  const link = (entry: NavigationItem): NavigationLink => {
    const c = entry.collectionId ? byId.get(entry.collectionId) : undefined;
    const url = c ? collectionUrl(c) : (entry.externalLink ?? '#');
    // Folders (#13) carry their pages as children; the layout shows them as a menu.
    const children = (entry.children ?? []).map(link);
    return {
      title: entry.title,
      url,
      collectionId: entry.collectionId ?? null,
      externalLink: entry.externalLink ?? null,
      active:
        children.some((child) => child.active) ||
        (url === '#' ? false : url === '/' ? path === '/' : path === url || path.startsWith(`${url}/`)),
      children,
    };
  };
  const navigation = frame.navigation.map(link);
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
    // The theme's own words; localizePage puts them in the page's language.
    themeStrings: defaultThemeStrings,
    navigation,
    header: frame.header,
    footer: frame.footer,
    cartUrl: '/cart',
    // A site without a store (a portfolio) turns the header's cart off; unset means shown.
    showCart: frame.header.showCart !== false,
  };
  return context;
}

async function attachForm(db: Database, context: PageContext, formId: string | null): Promise<void> {
  if (!formId) return;
  const form = await formForPage(db, formId);
  if (form) context.form = form;
}

/** Items per page of a collection (spec §9 caps a collection at 200 products; a page shows fewer). */
export const ITEMS_PER_PAGE = 24;

/** `?page=` as a positive integer (1 when absent or malformed). */
function pageNumber(raw: string | undefined): number {
  const n = /^\d{1,6}$/.test(raw ?? '') ? Number(raw) : 1;
  return Math.max(n, 1);
}

/** Returns false when the requested page or category does not exist (→ not found). */
async function collectionContext(
  db: Database,
  site: SiteRecord,
  context: PageContext,
  collection: CollectionRow,
  frame: SiteFrameData,
  query: Record<string, string>,
): Promise<boolean> {
  context.collection = serializeCollection(collection);
  if (collection.type === CollectionType.page) {
    context.pageType = PageType.page;
    context.page = { title: collection.title, body: collection.body };
    await attachForm(db, context, collection.formId);
    return true;
  }
  context.pageType = PageType.collection;
  const cats = frame.categories.filter((c) => c.collectionId === collection.id);
  const category = query.category ? cats.find((c) => c.slug === query.category) : undefined;
  if (query.category && !category) return false;
  // A blog's tag cloud and archive link to `?tag=` and `?month=YYYY-MM`.
  const tag = query.tag ?? '';
  const published = query.month ? monthRange(query.month) : undefined;
  if (tag.length > MAX_TAG_LENGTH || published === null) return false;
  const page = pageNumber(query.page);
  const { rows, total } = await listItemsPage(db, site.id, collection.id, {
    limit: ITEMS_PER_PAGE,
    offset: (page - 1) * ITEMS_PER_PAGE,
    categoryId: category?.id,
    tag: tag || undefined,
    published,
  });
  if ((page > 1 || tag || published) && rows.length === 0) return false;
  const productMap =
    collection.type === CollectionType.products ? await loadProducts(db, site.id, rows) : new Map();
  context.items = rows.map((row) =>
    serializeItem(row, collection, {
      product: productMap.get(row.id),
      currency: site.currency,
      categories: cats,
    }),
  );
  context.categories = cats
    .filter((c) => !isRootCategory(c))
    .map((c) => ({ id: c.id, displayName: c.displayName, slug: c.slug }));
  const paging = pagination(collectionUrl(collection), page, total, {
    category: category?.slug,
    tag: tag || undefined,
    month: published ? query.month : undefined,
  });
  if (published)
    paging.monthLabel = new Intl.DateTimeFormat(site.language || 'en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(published.from);
  context.pagination = paging;
  if (collection.type === CollectionType.products)
    addStoreContext(context, [...productMap.values()], await loadInstalmentTerms(db, site));
  return true;
}

/** Previous/next links of a paginated collection (null when there is none). */
function pagination(
  baseUrl: string,
  page: number,
  total: number,
  filters: { category?: string | undefined; tag?: string | undefined; month?: string | undefined },
) {
  const { category, tag, month } = filters;
  const pageCount = Math.max(1, Math.ceil(total / ITEMS_PER_PAGE));
  const url = (n: number) => {
    const params = new URLSearchParams();
    if (category) params.set('category', category);
    if (tag) params.set('tag', tag);
    if (month) params.set('month', month);
    if (n > 1) params.set('page', String(n));
    const qs = params.toString();
    return qs ? `${baseUrl}?${qs}` : baseUrl;
  };
  return {
    page,
    pageCount,
    pageSize: ITEMS_PER_PAGE,
    totalItems: total,
    category: category ?? null,
    tag: tag ?? null,
    month: month ?? null,
    /** The month filtered by, in the site's language ("December 2025"). */
    monthLabel: null as string | null,
    prevPageUrl: page > 1 ? url(page - 1) : null,
    nextPageUrl: page < pageCount ? url(page + 1) : null,
  };
}

/** Per-product merchandising and instalment context (spec §3). */
function addStoreContext(
  context: PageContext,
  records: {
    item: { id: string };
    product: { merchandising: Record<string, unknown>; productType: number };
  }[],
  /** The store's terms (commerce preferences); only physical products offer them (spec §5). */
  terms: InstalmentTerms,
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
      ...terms,
      afterPayAvailable: terms.afterPayAvailable && product.productType === 1,
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
  frame: SiteFrameData,
  slug: string,
): Promise<boolean> {
  const row = await findItemBySlug(db, site.id, collection.id, slug);
  if (!row) return false;
  context.pageType = PageType.contentItem;
  context.collection = serializeCollection(collection);
  context.itemId = row.id;
  const cats = frame.categories.filter((c) => c.collectionId === collection.id);
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
      addStoreContext(context, [record], await loadInstalmentTerms(db, site));
      await attachForm(db, context, record.product.additionalFieldsFormId);
      await attachProductExtras(db, site, context, collection, row, cats);
      if (context.form)
        context.item.structuredContent = { ...item.structuredContent, additionalFieldsForm: context.form };
    }
  } else {
    context.item = serializeItem(row, collection, { currency: site.currency, categories: cats });
  }
  return true;
}

// Site search moved beside its query code; the name stays importable from here.
export { toPrefixTsQuery } from './site-search-results';

/**
 * Resolve a site path to its page context: collection, item, or system page, with its
 * page-type code (spec §2). Unknown paths give page type 100.
 */
export async function buildPageContext(
  db: Database,
  site: SiteRecord,
  path: string,
  options: {
    unlockedPages?: readonly string[];
    query?: Record<string, string>;
    /** Members-only pages (#13) render only for signed-in visitors. */
    signedIn?: boolean;
    /** Where the site frame comes from (a cache); loaded per call when absent. */
    frames?: SiteFrameCache;
    /** The member areas this visitor may enter (none when absent: an anonymous visitor). */
    access?: ViewerAccess;
    /** The signed-in account (a customer reads their own orders without the link's token). */
    siteUserId?: string | undefined;
    /** May this visitor open the studio's digital product preview (page type 210)? */
    mayPreviewDigital?: () => Promise<boolean>;
  } = {},
): Promise<PageContext> {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const frame = await (options.frames ?? new SiteFrameCache()).get(db, site.id);
  const allCollections = frame.collections;
  const context = siteFrame(site, frame, clean);
  // Who may see what (member areas): asked once per page, applied to every part below.
  const access = options.access ?? ANONYMOUS;
  await Promise.all([
    hideUnpublishedLinks(db, site.id, context),
    attachSiteStyles(db, site.id, context),
    attachPopupOverlay(db, site.id, context),
    attachBranding(db, site, context),
  ]);
  // A booking's signed link: the token is the last part of the path, read by the page's island.
  const system =
    systemPages[clean] ??
    (/^\/scheduling\/manage\/[^/]+$/.test(clean) ? PageType.schedulingManage : undefined);
  if (system) {
    context.pageType = system;
    if (system === PageType.search) {
      const query = (options.query?.q ?? '').trim().slice(0, 200);
      context.search = { query };
      context.searchResults = query
        ? await gateSearchResults(
            db,
            site.id,
            await siteSearchResults(db, site, allCollections, query),
            access,
          )
        : [];
    }
    // An order that started a subscription is confirmed as 206 (pages/subscription-confirmed.ts).
    if (system === PageType.orderConfirmed) await orderConfirmedContext(db, site, context, options.query);
    // The sign-in form's "Continue with …" button, when the site has sign-in with SSO on.
    if (system === PageType.customerAccount || system === PageType.ssoPage)
      context.sso = await ssoButton(db, site.id);
    // The checkout's "Keep me posted" box, when the store has it on (the same for every visitor).
    if (system === PageType.checkout) context.checkoutNewsletter = await checkoutNewsletterBox(db, site.id);
    // The cart page offers instalments for the whole cart (spec §5), under the key "cart".
    if (system === PageType.showCart)
      context.productInstallmentContext = { cart: await loadInstalmentTerms(db, site) };
    return context;
  }
  if (isOrderPagePath(clean)) {
    const shown = await orderPageContext(db, site, context, clean, options);
    if (shown) return context;
    context.pageType = PageType.notFound;
    context.notFoundPath = clean;
    return context;
  }
  if (isMemberAreaPagePath(clean)) {
    if (await memberAreaPageContext(db, site, context, clean)) return context;
    context.pageType = PageType.notFound;
    context.notFoundPath = clean;
    return context;
  }
  const segments = clean === '/' ? ['home'] : clean.slice(1).split('/');
  const urlId = decodeURIComponent(segments[0] ?? 'home');
  const collection = allCollections.find((c) => c.urlId === urlId && c.enabled);
  // Studio page settings (#13): unpublished pages are not found, members-only ones need a sign-in.
  const state = collection ? await pageState(db, collection.id) : undefined;
  if (collection && isLive(state)) {
    if (state?.membersOnly && !options.signedIn) return membersOnlyContext(context, collection);
    const denied = await memberAreaDenied(db, site.id, context, collection, access);
    if (denied) return denied;
    if (collection.password !== null && !options.unlockedPages?.includes(collection.id)) {
      context.pageType = PageType.lockScreen;
      context.collection = serializeCollection(collection);
      return context;
    }
    // A course (type 25): its outline, and each lesson under it.
    if (collection.type === CollectionType.course) {
      if (await courseContext(db, site, context, collection, segments, access)) return context;
      context.pageType = PageType.notFound;
      context.notFoundPath = clean;
      return context;
    }
    if (
      segments.length === 1 &&
      (await collectionContext(db, site, context, collection, frame, options.query ?? {}))
    ) {
      await attachBlockLayout(db, site, context, collection, state);
      if (collection.type === CollectionType.products) applyShopView(context, options.query ?? {});
      await gateBlocks(db, site.id, context, collection.id, access);
      await gateListings(db, site.id, context, access);
      return context;
    }
    const isProductPath =
      collection.type === CollectionType.products && segments.length === 3 && segments[1] === 'p';
    const isPostPath = collection.type !== CollectionType.products && segments.length === 2;
    const keysBefore = new Set(Object.keys(context));
    if (
      (isProductPath || isPostPath) &&
      (await itemContext(db, site, context, collection, frame, decodeURIComponent(segments.at(-1)!)))
    ) {
      await gateItemPage(db, site.id, context, access, keysBefore);
      return context;
    }
  }
  context.pageType = PageType.notFound;
  context.notFoundPath = clean;
  return context;
}
