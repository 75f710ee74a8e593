import type { NavigationInput, NavigationLink } from '@store/api';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type NavigationItem, collections, navigations } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { notifySiteChanged } from './site-changed';

export const MAIN_NAVIGATION = 'mainNavigation';
function toLink(item: NavigationItem, titles: Map<string, string>): NavigationLink {
  return {
    title: item.title || (item.collectionId ? (titles.get(item.collectionId) ?? '') : ''),
    collectionId: item.collectionId ?? null,
    externalLink: item.externalLink ?? null,
    memberAreaId: item.memberAreaId ?? null,
    items: (item.children ?? []).map((child) => toLink(child, titles)),
  };
}

function linkedIds(items: NavigationItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.collectionId) into.add(item.collectionId);
    linkedIds(item.children ?? [], into);
  }
  return into;
}

interface SiteLayout {
  layout: { identifier: string; links: NavigationLink[] }[];
  notLinked: {
    collectionId: string;
    title: string;
    type: (typeof collections.$inferSelect)['type'];
    urlId: string;
  }[];
}

/**
 * `GET /api/commondata/GetSiteLayout` (spec §7): the layout list, main navigation first
 * (identifier and links), plus the collections no navigation links to ("not linked").
 */
export async function getSiteLayout(db: Database, websiteId: string): Promise<Outcome<SiteLayout>> {
  const [navs, pages] = await Promise.all([
    db.select().from(navigations).where(eq(navigations.websiteId, websiteId)),
    db
      .select({
        id: collections.id,
        title: collections.title,
        navigationTitle: collections.navigationTitle,
        type: collections.type,
        urlId: collections.urlId,
      })
      .from(collections)
      .where(eq(collections.websiteId, websiteId))
      .orderBy(collections.displayIndex, collections.title),
  ]);
  const main = navs.find((n) => n.identifier === MAIN_NAVIGATION);
  if (!main) return { ok: false, reason: 'NO_MAIN_NAVIGATION' };
  const ordered = [main, ...navs.filter((n) => n !== main)];
  const titles = new Map(pages.map((p) => [p.id, p.navigationTitle ?? p.title]));
  const linked = new Set<string>();
  for (const nav of ordered) linkedIds(nav.items, linked);
  const layout = {
    layout: ordered.map((nav) => ({
      identifier: nav.identifier,
      links: nav.items.map((item) => toLink(item, titles)),
    })),
    notLinked: pages
      .filter((p) => !linked.has(p.id))
      .map((p) => ({
        collectionId: p.id,
        title: p.navigationTitle ?? p.title,
        type: p.type,
        urlId: p.urlId,
      })),
  };
  return { ok: true, value: layout };
}

/**
 * `POST /api/widget/UpdateNavigation` (spec §7): replace one navigation (by fieldName)
 * with the owner's tree. Every collectionId must be one of this site's collections; an
 * entry is a collection, an external link, or a folder (a title with nested items).
 */
export function updateNavigation(
  db: Database,
  websiteId: string,
  fieldName: string,
  items: NavigationInput[],
): Promise<Outcome<void>> {
  return asOutcome(async () => {
    const rows = await db
      .select({ id: collections.id, title: collections.navigationTitle, name: collections.title })
      .from(collections)
      .where(eq(collections.websiteId, websiteId));
    const known = new Map(rows.map((r) => [r.id, r.title ?? r.name]));
    const convert = (input: NavigationInput, depth: number): NavigationItem => {
      if (input.collectionId && !known.has(input.collectionId))
        throw new Rejection('NAVIGATION_PAGE_UNKNOWN', { id: input.collectionId });
      const children = input.items ?? [];
      if (depth > 0 && children.length) throw new Rejection('NAVIGATION_FOLDER_IN_FOLDER');
      if (!input.collectionId && !input.externalLink && !children.length && !input.title)
        throw new Rejection('NAVIGATION_ENTRY_EMPTY');
      const item: NavigationItem = {
        title: input.title?.trim() || (input.collectionId ? (known.get(input.collectionId) ?? '') : ''),
      };
      if (input.collectionId) item.collectionId = input.collectionId;
      if (input.externalLink) item.externalLink = input.externalLink;
      if (input.memberAreaId) item.memberAreaId = input.memberAreaId;
      if (children.length || (!input.collectionId && !input.externalLink))
        item.children = children.map((c) => convert(c, depth + 1));
      return item;
    };
    const stored = items.map((item) => convert(item, 0));
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(navigations)
        .set({ items: stored })
        .where(and(eq(navigations.websiteId, websiteId), eq(navigations.identifier, fieldName)))
        .returning({ id: navigations.identifier });
      if (!updated.length) {
        if (fieldName !== MAIN_NAVIGATION) throw new Rejection('NAVIGATION_UNKNOWN', { name: fieldName });
        await tx.insert(navigations).values({ websiteId, identifier: fieldName, items: stored });
      }
      await notifySiteChanged(tx, websiteId);
    });
  });
}
