import type { PageSettingsInput } from '@store/api';
import { and, eq, sql } from 'drizzle-orm';
import { lockName } from '../../db/advisory-lock';
import type { Database, Tx } from '../../db/client';
import { theRow } from '../../db/rows';
import { collections, items, navigations, pageSettings } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { CollectionType } from '@store/commerce';
import { MAIN_NAVIGATION } from './navigation.service';
import { capDescription } from './seo-description';
import { notifySiteChanged } from './site-changed';
import { uniqueName } from './unique-name';

export const pageKinds = {
  page: CollectionType.page,
  blog: 1,
  store: CollectionType.products,
  course: CollectionType.course,
} as const;
export type PageKind = keyof typeof pageKinds;

/**
 * Slugs of the site's pages are chosen one transaction at a time (create, rename, new store):
 * ten pages titled alike at once get ten free slugs instead of racing for one.
 */
export function lockSiteSlugs(tx: Tx, websiteId: string): Promise<void> {
  return lockName(tx, `collection-slugs:${websiteId}`);
}

async function takenSlugs(db: Database | Tx, websiteId: string, except?: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: collections.id, urlId: collections.urlId })
    .from(collections)
    .where(eq(collections.websiteId, websiteId));
  return new Set(rows.filter((r) => r.id !== except).map((r) => r.urlId));
}

const kindOf = (type: number): PageKind =>
  type === CollectionType.page
    ? 'page'
    : type === CollectionType.products
      ? 'store'
      : type === CollectionType.course
        ? 'course'
        : 'blog';

/** Every page of the site with its studio settings (the Pages panel and page settings). */
export async function listPages(db: Database, websiteId: string) {
  const rows = await db
    .select({ c: collections, s: pageSettings })
    .from(collections)
    .leftJoin(pageSettings, eq(pageSettings.collectionId, collections.id))
    .where(eq(collections.websiteId, websiteId))
    .orderBy(collections.displayIndex, collections.title);
  return rows.map(({ c, s }) => ({
    id: c.id,
    title: c.title,
    navigationTitle: c.navigationTitle ?? c.title,
    urlId: c.urlId,
    fullUrl: c.urlId === 'home' ? '/' : `/${c.urlId}`,
    type: c.type,
    kind: kindOf(c.type),
    status: s?.status ?? 'PUBLISHED',
    publishAt: s?.publishAt?.toISOString() ?? null,
    membersOnly: s?.membersOnly ?? false,
    passwordProtected: c.password !== null,
    seoDescription: s?.seoDescription ?? '',
    hasUnpublishedChanges: Boolean(s?.draftSavedAt),
  }));
}

/** Create a page, blog or store with a unique slug; optionally link it in the main navigation. */
export async function createPage(
  db: Database,
  websiteId: string,
  input: { title: string; kind: PageKind; addToNavigation: boolean },
) {
  return db.transaction(async (tx) => {
    await lockSiteSlugs(tx, websiteId);
    const urlId = uniqueName(input.title, await takenSlugs(tx, websiteId));
    const { max } = theRow(
      await tx
        .select({ max: sql<number>`coalesce(max(${collections.displayIndex}), 0)::int` })
        .from(collections)
        .where(eq(collections.websiteId, websiteId)),
      'select max(display_index) from collections',
    );
    const row = theRow(
      await tx
        .insert(collections)
        .values({
          websiteId,
          type: pageKinds[input.kind],
          urlId,
          title: input.title,
          navigationTitle: input.title,
          displayIndex: max + 1,
        })
        .returning({ id: collections.id, urlId: collections.urlId }),
      'insert into collections',
    );
    // New pages start unpublished: the owner publishes when the content is ready.
    await tx.insert(pageSettings).values({ collectionId: row.id, websiteId, status: 'DRAFT' });
    if (input.addToNavigation) {
      const [nav] = await tx
        .select()
        .from(navigations)
        .where(and(eq(navigations.websiteId, websiteId), eq(navigations.identifier, MAIN_NAVIGATION)));
      const next = [...(nav?.items ?? []), { title: input.title, collectionId: row.id }];
      if (nav)
        await tx
          .update(navigations)
          .set({ items: next })
          .where(and(eq(navigations.websiteId, websiteId), eq(navigations.identifier, MAIN_NAVIGATION)));
      else await tx.insert(navigations).values({ websiteId, identifier: MAIN_NAVIGATION, items: next });
      await notifySiteChanged(tx, websiteId);
    }
    return row;
  });
}

export async function findPage(db: Database | Tx, websiteId: string, id: string) {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, id)));
  if (!row) throw new Rejection('CONTENT_NOT_FOUND');
  return row;
}

/** Statuses whose page visitors see now or will see at its time without anyone publishing it. */
const reachesVisitors = (status: string | undefined) =>
  status === undefined || status === 'PUBLISHED' || status === 'SCHEDULED';

/**
 * Save page settings (spec: title, navigation title, slug by the unique-name rule, SEO
 * description capped at 250, status, password lock, members-only). Returns the slug used.
 * Settings have no draft: on a live page (or one this change puts online) they apply at
 * once, so `guardLive` is called first and may refuse (the caller's right to publish).
 */
export function updatePageSettings(
  db: Database,
  websiteId: string,
  id: string,
  input: PageSettingsInput,
  guardLive: () => void = () => {},
): Promise<Outcome<{ urlId: string }>> {
  return asOutcome(async () => {
    return db.transaction(async (tx) => {
      const page = await findPage(tx, websiteId, id);
      const [current] = await tx
        .select({ status: pageSettings.status })
        .from(pageSettings)
        .where(eq(pageSettings.collectionId, id));
      // A page without settings predates the studio's statuses and is live.
      if (reachesVisitors(current?.status) || (input.status !== undefined && reachesVisitors(input.status)))
        guardLive();
      let urlId = page.urlId;
      if (input.urlId !== undefined && input.urlId !== page.urlId && page.urlId !== 'home') {
        await lockSiteSlugs(tx, websiteId);
        urlId = uniqueName(input.urlId, await takenSlugs(tx, websiteId, id));
      }
      if (input.status === 'SCHEDULED' && !input.publishAt) throw new Rejection('PUBLISH_TIME_MISSING');
      await tx
        .update(collections)
        .set({
          urlId,
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.navigationTitle !== undefined ? { navigationTitle: input.navigationTitle || null } : {}),
          ...(input.password !== undefined ? { password: input.password || null } : {}),
        })
        .where(eq(collections.id, id));
      const settings = {
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.publishAt !== undefined || input.status !== undefined
          ? { publishAt: input.status === 'SCHEDULED' && input.publishAt ? new Date(input.publishAt) : null }
          : {}),
        ...(input.membersOnly !== undefined ? { membersOnly: input.membersOnly } : {}),
        ...(input.seoDescription !== undefined
          ? { seoDescription: capDescription(input.seoDescription) }
          : {}),
      };
      const upsert = tx.insert(pageSettings).values({ collectionId: id, websiteId, ...settings });
      await (Object.keys(settings).length
        ? upsert.onConflictDoUpdate({ target: pageSettings.collectionId, set: settings })
        : upsert.onConflictDoNothing());
      await notifySiteChanged(tx, websiteId);
      return { urlId };
    });
  });
}

function withoutCollection(list: { collectionId?: string; children?: unknown[] }[], id: string): typeof list {
  return list
    .filter((item) => item.collectionId !== id)
    .map((item) =>
      item.children ? { ...item, children: withoutCollection(item.children as typeof list, id) } : item,
    );
}

/** Delete a page (never the home page, never a collection that still holds items). */
export function deletePage(db: Database, websiteId: string, id: string): Promise<Outcome<void>> {
  return asOutcome(async () => {
    await db.transaction(async (tx) => {
      const page = await findPage(tx, websiteId, id);
      if (page.urlId === 'home') throw new Rejection('HOME_PAGE_KEPT');
      const [held] = await tx.select({ id: items.id }).from(items).where(eq(items.collectionId, id)).limit(1);
      if (held) throw new Rejection('COLLECTION_NOT_EMPTY');
      const navs = await tx.select().from(navigations).where(eq(navigations.websiteId, websiteId));
      for (const nav of navs)
        await tx
          .update(navigations)
          .set({ items: withoutCollection(nav.items, id) as typeof nav.items })
          .where(and(eq(navigations.websiteId, websiteId), eq(navigations.identifier, nav.identifier)));
      await tx.delete(collections).where(eq(collections.id, id));
      await notifySiteChanged(tx, websiteId);
    });
  });
}
