import {
  CATEGORY_LENGTH_MAX,
  MAX_NESTED_CATEGORIES,
  MAX_PRODUCTS_PER_COLLECTION,
  isReservedSlug,
} from '@store/commerce';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { theRow } from '../../db/rows';
import { type NavigationItem, categories, collections, items, navigations } from '../../db/schema/index';
import { asOutcome, fieldRejection, type Outcome, Rejection } from '../../reasons';
import { CollectionType } from '@store/commerce';
import { MAIN_NAVIGATION } from '../studio/navigation.service';
import { notifySiteChanged } from '../studio/site-changed';
import { lockSiteSlugs } from '../studio/pages.service';
import { slugify, uniqueName } from '../studio/unique-name';

/** The root category every store gets (spec §4 "a root category named for the all-items category"). */
export const ROOT_CATEGORY = { displayName: 'All Items', slug: 'all-items' } as const;

/** The store's "all items" root holds every product: the shop lists it as its own "All" link. */
export function isRootCategory(c: { parentCategoryId: string | null; slug: string }): boolean {
  return c.parentCategoryId === null && c.slug === ROOT_CATEGORY.slug;
}

type CollectionRow = typeof collections.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

export interface StoreInput {
  title: string;
  navigationTitle?: string | undefined;
  urlId?: string | undefined;
  description: string;
  enabled: boolean;
  addToNavigation: boolean;
}

export function serializeCategory(c: CategoryRow) {
  return {
    id: c.id,
    collectionId: c.collectionId,
    displayName: c.displayName,
    slug: c.slug,
    parentCategoryId: c.parentCategoryId,
    displayIndex: c.displayIndex,
  };
}

function serializeStore(c: CollectionRow, rootCategoryId: string, inNavigation: boolean) {
  return {
    id: c.id,
    websiteId: c.websiteId,
    type: c.type,
    title: c.title,
    navigationTitle: c.navigationTitle ?? c.title,
    urlId: c.urlId,
    fullUrl: `/${c.urlId}`,
    description: c.description,
    enabled: c.enabled,
    rootCategoryId,
    inNavigation,
  };
}

/**
 * Spec §4 store creation, in one transaction: the products collection (collection type 13,
 * enabled unless told otherwise), then its root "all items" category, then — when asked — a
 * main-navigation link. A URL id another page uses is a 409; without one it is derived from
 * the title by the unique-name rule.
 */
export async function createStore(
  db: Database,
  websiteId: string,
  input: StoreInput,
): Promise<Outcome<ReturnType<typeof serializeStore>>> {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      await lockSiteSlugs(tx, websiteId);
      const taken = new Set(
        (
          await tx
            .select({ urlId: collections.urlId })
            .from(collections)
            .where(eq(collections.websiteId, websiteId))
        ).map((r) => r.urlId),
      );
      let urlId: string;
      if (input.urlId) {
        urlId = input.urlId;
        if (taken.has(urlId) || isReservedSlug(urlId))
          throw fieldRejection('URL_ID_TAKEN', 'urlId', { urlId });
      } else urlId = uniqueName(input.title, taken, 'store');
      const { max } = theRow(
        await tx
          .select({ max: sql<number>`coalesce(max(${collections.displayIndex}), 0)::int` })
          .from(collections)
          .where(eq(collections.websiteId, websiteId)),
        'select max(display_index) from collections',
      );
      const store = theRow(
        await tx
          .insert(collections)
          .values({
            websiteId,
            type: CollectionType.products,
            urlId,
            title: input.title,
            navigationTitle: input.navigationTitle || input.title,
            description: input.description,
            enabled: input.enabled,
            displayIndex: max + 1,
          })
          .returning(),
        'insert into collections',
      );
      const root = theRow(
        await tx
          .insert(categories)
          .values({ websiteId, collectionId: store.id, ...ROOT_CATEGORY, displayIndex: 0 })
          .returning({ id: categories.id }),
        'insert into categories',
      );
      if (input.addToNavigation) await linkInMainNavigation(tx, websiteId, store);
      return serializeStore(store, root.id, input.addToNavigation);
    }),
  );
}

async function linkInMainNavigation(tx: Tx, websiteId: string, store: CollectionRow) {
  const where = and(eq(navigations.websiteId, websiteId), eq(navigations.identifier, MAIN_NAVIGATION));
  const [nav] = await tx.select().from(navigations).where(where);
  const next = [
    ...(nav?.items ?? []),
    { title: store.navigationTitle ?? store.title, collectionId: store.id },
  ];
  if (nav) await tx.update(navigations).set({ items: next }).where(where);
  else await tx.insert(navigations).values({ websiteId, identifier: MAIN_NAVIGATION, items: next });
  await notifySiteChanged(tx, websiteId);
}

/**
 * A store of the site, locked for the transaction (limits are counted under the lock). Throws a
 * Rejection: callers run it inside `asOutcome`.
 */
export async function lockStore(tx: Tx, websiteId: string, collectionId: string): Promise<CollectionRow> {
  const [store] = await tx
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, collectionId)))
    .for('update');
  if (!store) throw new Rejection('STORE_NOT_FOUND');
  if (store.type !== CollectionType.products) throw new Rejection('NOT_A_STORE');
  return store;
}

export interface CategoryInput {
  displayName: string;
  parentCategoryId?: string | null | undefined;
  displayIndex?: number | undefined;
}

/**
 * Add a category (spec §3 category payload) under the given parent, or under the store's root
 * category. Names are at most 25 characters (the schema), a store holds at most 10 000
 * categories (spec §9), and a name (its slug) is unique in the store: 409 otherwise.
 */
export async function createCategory(
  db: Database,
  websiteId: string,
  collectionId: string,
  input: CategoryInput,
): Promise<Outcome<ReturnType<typeof serializeCategory>>> {
  if (input.displayName.length > CATEGORY_LENGTH_MAX) return { ok: false, reason: 'CATEGORY_TOO_LONG' };
  return asOutcome(() =>
    db.transaction(async (tx) => {
      await lockStore(tx, websiteId, collectionId);
      const existing = await tx
        .select()
        .from(categories)
        .where(eq(categories.collectionId, collectionId))
        .orderBy(asc(categories.displayIndex));
      if (existing.length >= MAX_NESTED_CATEGORIES) throw new Rejection('TOO_MANY_CATEGORIES');
      const root = existing.find((c) => c.slug === ROOT_CATEGORY.slug && c.parentCategoryId === null);
      const parentId = input.parentCategoryId ?? root?.id ?? null;
      if (parentId !== null && !existing.some((c) => c.id === parentId))
        throw fieldRejection('UNKNOWN_CATEGORY', 'parentCategoryId', { id: parentId });
      const slug = slugify(input.displayName) || 'category';
      if (existing.some((c) => c.slug === slug))
        throw fieldRejection('CATEGORY_TAKEN', 'displayName', { name: input.displayName });
      const displayIndex =
        input.displayIndex ?? existing.reduce((max, c) => Math.max(max, c.displayIndex + 1), 0);
      const row = theRow(
        await tx
          .insert(categories)
          .values({
            websiteId,
            collectionId,
            displayName: input.displayName,
            slug,
            parentCategoryId: parentId,
            displayIndex,
          })
          .returning(),
        'insert into categories',
      );
      return serializeCategory(row);
    }),
  );
}

/** Every store of the site with its categories and product count (the studio's pickers). */
export async function listStores(db: Database, websiteId: string) {
  const [stores, cats, counts, navs] = await Promise.all([
    db
      .select()
      .from(collections)
      .where(and(eq(collections.websiteId, websiteId), eq(collections.type, CollectionType.products)))
      .orderBy(asc(collections.displayIndex), asc(collections.title)),
    db
      .select()
      .from(categories)
      .where(eq(categories.websiteId, websiteId))
      .orderBy(asc(categories.displayIndex), asc(categories.displayName)),
    db
      .select({ collectionId: items.collectionId, n: count() })
      .from(items)
      .where(eq(items.websiteId, websiteId))
      .groupBy(items.collectionId),
    db.select().from(navigations).where(eq(navigations.websiteId, websiteId)),
  ]);
  const linked = new Set<string>();
  const walk = (list: NavigationItem[]): void => {
    for (const item of list) {
      if (item.collectionId) linked.add(item.collectionId);
      walk(item.children ?? []);
    }
  };
  for (const nav of navs) walk(nav.items);
  return {
    stores: stores.map((s) => {
      const own = cats.filter((c) => c.collectionId === s.id);
      const root = own.find((c) => c.slug === ROOT_CATEGORY.slug && c.parentCategoryId === null);
      return {
        ...serializeStore(s, root?.id ?? '', linked.has(s.id)),
        productCount: counts.find((c) => c.collectionId === s.id)?.n ?? 0,
        categories: own.map(serializeCategory),
      };
    }),
    limits: {
      productsPerCollection: MAX_PRODUCTS_PER_COLLECTION,
      nestedCategories: MAX_NESTED_CATEGORIES,
      categoryLength: CATEGORY_LENGTH_MAX,
    },
  };
}
