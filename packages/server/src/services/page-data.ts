import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  categories,
  forms,
  headerFooters,
  navigations,
  pageRevisions,
  pageSettings,
} from '../db/schema/index';
import type { NavigationItem } from '../db/schema/site';
import { type CategoryRow, type CollectionRow, listCollections } from './catalog.service';

/** What site pages read from the database; pages/ turns it into page context. */

export type { NavigationItem };

export type PageState = typeof pageSettings.$inferSelect | undefined;

/** The studio's settings of a collection (none for pages never touched in the studio). */
export async function pageState(db: Database, collectionId: string): Promise<PageState> {
  const [row] = await db.select().from(pageSettings).where(eq(pageSettings.collectionId, collectionId));
  return row;
}

/** A saved revision of a page's block layout. */
export async function pageRevision(db: Database, revisionId: string) {
  const [revision] = await db.select().from(pageRevisions).where(eq(pageRevisions.id, revisionId));
  return revision;
}

/** A form by id, as the form island reads it (its definition spread beside id and name). */
export async function formForPage(db: Database, formId: string) {
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  return form ? { id: form.id, name: form.name, ...form.definition } : undefined;
}

/** The status of every page of the site that is not plainly published. */
export async function unpublishedPageStates(db: Database, websiteId: string) {
  return db
    .select({ id: pageSettings.collectionId, status: pageSettings.status, publishAt: pageSettings.publishAt })
    .from(pageSettings)
    .where(and(eq(pageSettings.websiteId, websiteId), ne(pageSettings.status, 'PUBLISHED')));
}

/** What every page of a site shows around its content: loaded once, kept until the site changes. */
export interface SiteFrameData {
  collections: CollectionRow[];
  navigation: NavigationItem[];
  header: Record<string, unknown>;
  footer: Record<string, unknown>;
  /** Every category of the site, in display order (filtered per collection by the pages). */
  categories: CategoryRow[];
  /**
   * When the next page scheduled for later goes live (epoch ms; null: none): the frame (its
   * navigation hides that page until then) and every page of the site change at that time.
   */
  nextChangeAt: number | null;
}

export async function loadSiteFrame(db: Database, websiteId: string): Promise<SiteFrameData> {
  const [collections, [nav], [hf], cats, [scheduled]] = await Promise.all([
    listCollections(db, websiteId),
    db
      .select()
      .from(navigations)
      .where(eq(navigations.websiteId, websiteId))
      .orderBy(asc(navigations.identifier))
      .limit(1),
    db.select().from(headerFooters).where(eq(headerFooters.websiteId, websiteId)),
    db
      .select()
      .from(categories)
      .where(eq(categories.websiteId, websiteId))
      .orderBy(asc(categories.displayIndex)),
    // By this process's clock, as `isLive` decides: a page due already is live now.
    db
      .select({ at: pageSettings.publishAt })
      .from(pageSettings)
      .where(
        and(
          eq(pageSettings.websiteId, websiteId),
          eq(pageSettings.status, 'SCHEDULED'),
          gt(pageSettings.publishAt, new Date()),
        ),
      )
      .orderBy(asc(pageSettings.publishAt))
      .limit(1),
  ]);
  return {
    collections,
    navigation: nav?.items ?? [],
    header: hf?.header ?? {},
    footer: hf?.footer ?? {},
    categories: cats,
    nextChangeAt: scheduled?.at?.getTime() ?? null,
  };
}
