import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { type MemberContentKind, memberAreaContent, memberAreas, orderDownloads } from '../../db/schema';
import { type ViewerAccess, gatesFor, mayView, viewerAccess } from './access';

/**
 * Batch helpers over the one rule (access.ts) for the channels that show many things at once:
 * a list's items, a page's blocks, search results, the sitemap, a download. Every answer comes
 * from `gatesFor` and `mayView`; nothing here decides access another way.
 */

type Db = Database | Tx;

/** An area as the access-denied and paywall pages show it. */
export interface AreaNotice {
  id: string;
  name: string;
  slug: string;
  description: string;
  /** The owner's words for the access-denied page ('' = the theme's default words). */
  deniedMessage: string;
  /** Where joining starts (the area's plans). */
  joinUrl: string;
}

/** Where a visitor joins an area: its plans, on the area's join page. */
export function joinUrlOf(slug: string): string {
  return `/members/${encodeURIComponent(slug)}/join`;
}

/** The areas with these ids, in the owner's order (unknown ids are left out). */
export async function areaNotices(
  db: Db,
  websiteId: string,
  areaIds: readonly string[],
): Promise<AreaNotice[]> {
  if (areaIds.length === 0) return [];
  const rows = await db
    .select({
      id: memberAreas.id,
      name: memberAreas.name,
      slug: memberAreas.slug,
      description: memberAreas.description,
      deniedMessage: memberAreas.deniedMessage,
    })
    .from(memberAreas)
    .where(and(eq(memberAreas.websiteId, websiteId), inArray(memberAreas.id, [...areaIds])))
    .orderBy(asc(memberAreas.position), asc(memberAreas.name));
  return rows.map((row) => ({ ...row, joinUrl: joinUrlOf(row.slug) }));
}

/** Merge the locking areas of several gate maps for one ref (duplicates dropped). */
function union(...lists: (readonly string[] | undefined)[]): string[] {
  const out = new Set<string>();
  for (const list of lists) for (const id of list ?? []) out.add(id);
  return [...out];
}

/**
 * The areas that lock a collection (a page, a blog, a course, a store): locked as a page or
 * as a collection, both by the collection's id.
 */
export async function collectionGate(db: Db, websiteId: string, collectionId: string): Promise<string[]> {
  const [pages, collections] = await Promise.all([
    gatesFor(db, websiteId, 'page', [collectionId]),
    gatesFor(db, websiteId, 'collection', [collectionId]),
  ]);
  return union(pages.get(collectionId), collections.get(collectionId));
}

/**
 * For each item, the areas that lock it: the item itself, or the collection it belongs to
 * (a locked blog locks its posts, a locked course its lessons). Items locked by none are absent.
 */
export async function itemGates(
  db: Db,
  websiteId: string,
  items: readonly { id: string; collectionId: string }[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (items.length === 0) return out;
  const collectionIds = [...new Set(items.map((i) => i.collectionId))];
  const [byItem, byCollection, byPage] = await Promise.all([
    gatesFor(
      db,
      websiteId,
      'item',
      items.map((i) => i.id),
    ),
    gatesFor(db, websiteId, 'collection', collectionIds),
    gatesFor(db, websiteId, 'page', collectionIds),
  ]);
  for (const item of items) {
    const areas = union(
      byItem.get(item.id),
      byCollection.get(item.collectionId),
      byPage.get(item.collectionId),
    );
    if (areas.length) out.set(item.id, areas);
  }
  return out;
}

/** For each block of a page (or item), the areas that lock it; refs are '<owner id>:<block id>'. */
export async function blockGates(
  db: Db,
  websiteId: string,
  ownerId: string,
  blockIds: readonly string[],
): Promise<Map<string, string[]>> {
  const refs = blockIds.map((id) => `${ownerId}:${id}`);
  const gates = await gatesFor(db, websiteId, 'block', refs);
  const out = new Map<string, string[]>();
  for (const id of blockIds) {
    const areas = gates.get(`${ownerId}:${id}`);
    if (areas?.length) out.set(id, areas);
  }
  return out;
}

/**
 * Every collection and item id of the site locked by some area (whoever looks): what the
 * sitemap leaves out. One query.
 */
export async function lockedRefs(
  db: Db,
  websiteId: string,
): Promise<{ collections: Set<string>; items: Set<string> }> {
  const rows = await db
    .select({ kind: memberAreaContent.kind, ref: memberAreaContent.ref })
    .from(memberAreaContent)
    .where(
      and(
        eq(memberAreaContent.websiteId, websiteId),
        or(
          eq(memberAreaContent.kind, 'page'),
          eq(memberAreaContent.kind, 'collection'),
          eq(memberAreaContent.kind, 'item'),
        ),
      ),
    );
  const collections = new Set<string>();
  const items = new Set<string>();
  for (const row of rows) (row.kind === 'item' ? items : collections).add(row.ref);
  return { collections, items };
}

/** The things of one kind a viewer may not see, of those asked about. */
export async function hiddenFrom(
  db: Db,
  websiteId: string,
  access: ViewerAccess,
  kind: MemberContentKind,
  refs: readonly string[],
): Promise<Set<string>> {
  const gates = await gatesFor(db, websiteId, kind, refs);
  const hidden = new Set<string>();
  for (const [ref, areas] of gates) if (!mayView(access, areas)) hidden.add(ref);
  return hidden;
}

export type DownloadGate = { ok: true } | { ok: false; areas: AreaNotice[] };

/**
 * May the holder of a download link take the file now? A digital product's file locked by an
 * area goes only to a signed-in member of it, even with a valid link from the order mail.
 * Unknown links are let through: the download itself answers them.
 */
export async function downloadGate(
  db: Db,
  websiteId: string,
  downloadId: string,
  siteUserId: string | null,
  now: Date = new Date(),
): Promise<DownloadGate> {
  if (!/^[\w-]{1,64}$/.test(downloadId)) return { ok: true };
  const [row] = await db
    .select({ itemId: orderDownloads.itemId })
    .from(orderDownloads)
    .where(and(eq(orderDownloads.id, downloadId), eq(orderDownloads.websiteId, websiteId)));
  if (!row) return { ok: true };
  const areas = (await gatesFor(db, websiteId, 'download', [row.itemId])).get(row.itemId);
  if (!areas?.length) return { ok: true };
  const access = await viewerAccess(db, websiteId, siteUserId, now);
  if (mayView(access, areas)) return { ok: true };
  return { ok: false, areas: await areaNotices(db, websiteId, areas) };
}

/**
 * For each page, the locking areas of each of its locked blocks (a page's search text holds
 * its blocks' words, locked ones too). Pages without locked blocks are absent.
 */
export async function lockedBlocksOfPages(
  db: Db,
  websiteId: string,
  pageIds: readonly string[],
): Promise<Map<string, string[][]>> {
  const out = new Map<string, string[][]>();
  if (pageIds.length === 0) return out;
  const rows = await db
    .select({ ref: memberAreaContent.ref, areaId: memberAreaContent.areaId })
    .from(memberAreaContent)
    .where(
      and(
        eq(memberAreaContent.websiteId, websiteId),
        eq(memberAreaContent.kind, 'block'),
        or(...pageIds.map((id) => like(memberAreaContent.ref, `${id.replace(/[\\%_]/g, '\\$&')}:%`))),
      ),
    );
  const byBlock = new Map<string, string[]>();
  for (const row of rows) byBlock.set(row.ref, [...(byBlock.get(row.ref) ?? []), row.areaId]);
  for (const [ref, areas] of byBlock) {
    const pageId = ref.slice(0, ref.indexOf(':'));
    out.set(pageId, [...(out.get(pageId) ?? []), areas]);
  }
  return out;
}
