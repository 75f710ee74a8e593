import type { Database } from '../db/client';
import type { CollectionRow } from '../services/catalog.service';
import { type ViewerAccess, mayView } from '../services/members/access';
import {
  type AreaNotice,
  areaNotices,
  blockGates,
  collectionGate,
  itemGates,
  lockedBlocksOfPages,
} from '../services/members/content-gates';
import { serializeCollection } from '../services/serialize-catalog';
import type { PageContext } from './page-context';
import { CollectionType, PageType, RecordType } from './page-types';

/**
 * "Who may see this" on site pages (and so on `?format=json`, the RSS feed and the cached
 * copies, which are all made from the page context): a page locked by a member area turns
 * into the access-denied page (106), a locked post or lesson into its paywall (107), a locked
 * block into a placeholder with a join button, and locked items in lists keep their title,
 * link, date and picture but lose their body and excerpt. docs/members.md.
 */

/** What the 106 and 107 pages and a locked block show of the areas that would let one in. */
export interface MemberGateView {
  /** The first area (the owner's order): its message and join button lead. */
  area: AreaNotice;
  /** Every area that would let the visitor in (one join button each). */
  areas: AreaNotice[];
  signedIn: boolean;
  signInUrl: string;
}

function gateView(areas: AreaNotice[], access: ViewerAccess, returnTo: string): MemberGateView | null {
  const [area] = areas;
  if (!area) return null;
  return {
    area,
    areas,
    signedIn: access.signedIn,
    signInUrl: `/account?returnUrl=${encodeURIComponent(returnTo)}`,
  };
}

/**
 * A page locked by a member area, for a visitor who is not a member: page type 106, with the
 * area's message and join button, and nothing of the page's content. Null when the page is
 * not locked or the visitor may see it (the caller builds the page as usual).
 */
export async function memberAreaDenied(
  db: Database,
  websiteId: string,
  context: PageContext,
  collection: CollectionRow,
  access: ViewerAccess,
): Promise<PageContext | null> {
  const locking = await collectionGate(db, websiteId, collection.id);
  // A blog or course locked as a collection still lists its titles; its items are paywalled.
  if (collection.type !== CollectionType.page || mayView(access, locking)) return null;
  const view = gateView(
    await areaNotices(db, websiteId, locking),
    access,
    serializeCollection(collection).fullUrl,
  );
  if (!view) return null;
  context.pageType = PageType.memberAreaAccessDenied;
  context.collection = serializeCollection(collection);
  context.memberGate = view;
  return context;
}

/** Keys of an item a list may show when the visitor may not open it. */
const TEASER_KEYS = [
  'id',
  'collectionId',
  'recordType',
  'title',
  'urlId',
  'fullUrl',
  'author',
  'tags',
  'categories',
  'publishOn',
  'addedOn',
  'assetUrl',
  'mainImage',
  'mainImageId',
] as const;

/** An item as a list shows it to a visitor who may not open it: no body, no excerpt. */
function listTeaser(item: Record<string, unknown>, areas: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of TEASER_KEYS) if (key in item) out[key] = item[key];
  out.body = '';
  out.excerpt = '';
  // A product's price and variants are the shop's, not the locked content.
  if (item.recordType === RecordType.storeItem) out.structuredContent = item.structuredContent;
  else out.structuredContent = {};
  out.locked = true;
  out.memberAreaIds = areas;
  return out;
}

type ItemLike = Record<string, unknown> & { id?: unknown; collectionId?: unknown };

function itemRefs(list: readonly ItemLike[]): { id: string; collectionId: string }[] {
  return list.flatMap((item) =>
    typeof item.id === 'string' && typeof item.collectionId === 'string'
      ? [{ id: item.id, collectionId: item.collectionId }]
      : [],
  );
}

/**
 * Lists on a page (a collection's items, summary and product blocks): locked items the visitor
 * may not open keep their title, link, date and picture; their body and excerpt go.
 */
export async function gateListings(
  db: Database,
  websiteId: string,
  context: PageContext,
  access: ViewerAccess,
): Promise<void> {
  const blockData = context.blockData as
    | {
        collections?: Record<string, { collection: unknown; items: ItemLike[] }>;
        products?: Record<string, ItemLike>;
      }
    | undefined;
  const lists: ItemLike[][] = [];
  if (Array.isArray(context.items)) lists.push(context.items as ItemLike[]);
  for (const entry of Object.values(blockData?.collections ?? {})) lists.push(entry.items);
  const products = Object.values(blockData?.products ?? {});
  const refs = itemRefs([...lists.flat(), ...products]);
  if (refs.length === 0) return;
  const gates = await itemGates(db, websiteId, refs);
  if (gates.size === 0) return;
  const shown = (item: ItemLike): ItemLike => {
    const areas = typeof item.id === 'string' ? gates.get(item.id) : undefined;
    return areas && !mayView(access, areas) ? listTeaser(item, areas) : item;
  };
  if (Array.isArray(context.items)) context.items = (context.items as ItemLike[]).map(shown);
  for (const entry of Object.values(blockData?.collections ?? {})) entry.items = entry.items.map(shown);
  if (blockData?.products)
    for (const [id, item] of Object.entries(blockData.products)) blockData.products[id] = shown(item);
}

interface LayoutLike {
  sections: { blocks: { id: string; type: string; props: Record<string, unknown> }[] }[];
}

/**
 * Blocks locked by a member area: for a visitor who is not a member each becomes a
 * `memberlock` block (the theme's placeholder with the area's join button) in the same place.
 * The block's own props never reach the page, its JSON or the cache.
 */
export async function gateBlocks(
  db: Database,
  websiteId: string,
  context: PageContext,
  ownerId: string,
  access: ViewerAccess,
): Promise<void> {
  const layout = context.layout as LayoutLike | undefined;
  if (!layout?.sections) return;
  const ids = layout.sections.flatMap((s) => s.blocks.map((b) => b.id));
  const gates = await blockGates(db, websiteId, ownerId, ids);
  if (gates.size === 0) return;
  const locked = [...gates].filter(([, areas]) => !mayView(access, areas));
  if (locked.length === 0) return;
  const notices = new Map(
    (await areaNotices(db, websiteId, [...new Set(locked.flatMap(([, a]) => a))])).map((a) => [a.id, a]),
  );
  const lockedIds = new Map(locked);
  context.layout = {
    ...layout,
    sections: layout.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((block) => {
        const areas = lockedIds.get(block.id);
        if (!areas) return block;
        const shown = areas.flatMap((id) => notices.get(id) ?? []);
        const first = shown[0];
        return {
          id: block.id,
          type: 'memberlock',
          props: {
            areaName: first?.name ?? '',
            joinUrl: first?.joinUrl ?? '/account',
            signedIn: access.signedIn,
          },
        };
      }),
    })),
  };
  // The preview text taken from the blocks may quote a locked one, and so may the page's
  // plain body (kept beside the blocks).
  if (typeof context.seoDescription === 'string') context.seoDescription = null;
  if (context.page && typeof context.page === 'object')
    context.page = { ...(context.page as Record<string, unknown>), body: '' };
  dropUnshownBlockData(context, layout, new Set(lockedIds.keys()));
}

/**
 * What only locked blocks showed (a product, a summary's items, a form) leaves the page data
 * too: the blocks left decide what `blockData`, `items` and `form` still carry.
 */
function dropUnshownBlockData(context: PageContext, layout: LayoutLike, locked: ReadonlySet<string>): void {
  const shown = layout.sections.flatMap((s) => s.blocks.filter((b) => !locked.has(b.id)));
  const used = (prop: string) =>
    new Set(shown.map((b) => b.props[prop]).filter((v): v is string => typeof v === 'string'));
  const products = used('productId');
  const collections = used('collectionId');
  const forms = used('formId');
  const data = context.blockData as
    | {
        products?: Record<string, unknown>;
        collections?: Record<string, { items: { id?: unknown }[] }>;
        forms?: Record<string, unknown>;
        facets?: Record<string, unknown>;
      }
    | undefined;
  if (!data) return;
  const keep = <T>(map: Record<string, T> | undefined, ids: Set<string>) => {
    if (map) for (const id of Object.keys(map)) if (!ids.has(id)) delete map[id];
  };
  keep(data.products, products);
  keep(data.collections, collections);
  keep(data.forms, forms);
  keep(data.facets, collections);
  const itemIds = new Set<unknown>([
    ...Object.keys(data.products ?? {}),
    ...Object.values(data.collections ?? {}).flatMap((c) => c.items.map((i) => i.id)),
  ]);
  if (Array.isArray(context.items))
    context.items = (context.items as { id?: unknown }[]).filter((i) => itemIds.has(i.id));
  const form = context.form as { id?: unknown } | undefined;
  const pageForm = (context.collection as { formId?: unknown } | undefined)?.formId;
  if (form && typeof form.id === 'string' && !forms.has(form.id) && pageForm !== form.id) delete context.form;
}

/**
 * A post, lesson or product page locked by a member area (the item, or its collection), for a
 * visitor who may not open it: page type 107, the paywall, with the item's title, picture,
 * date and excerpt (the teaser) and the join button. Everything the item page added beyond
 * the site frame (`keysBefore`: the context's keys before the item was read) is dropped.
 */
export async function gateItemPage(
  db: Database,
  websiteId: string,
  context: PageContext,
  access: ViewerAccess,
  keysBefore: ReadonlySet<string>,
): Promise<void> {
  const item = context.item as ItemLike | undefined;
  const refs = item ? itemRefs([item]) : [];
  const [ref] = refs;
  if (!item || !ref) return;
  const areas = (await itemGates(db, websiteId, refs)).get(ref.id);
  if (!areas || mayView(access, areas)) return;
  const view = gateView(await areaNotices(db, websiteId, areas), access, String(item.fullUrl ?? '/'));
  if (!view) return;
  const keep = new Set([...keysBefore, 'pageType', 'collection', 'itemId']);
  for (const key of Object.keys(context)) if (!keep.has(key)) delete context[key];
  const teaser = listTeaser(item, areas);
  teaser.excerpt = typeof item.excerpt === 'string' ? item.excerpt : '';
  context.pageType = PageType.paywall;
  context.item = teaser;
  context.memberGate = view;
}

/**
 * Search results the visitor may open: a locked page or item is left out for a visitor who is
 * not a member (its words were found in the text a member pays for; even a title-only hit
 * would say what a locked body holds), and so is a page with a block the visitor may not see
 * (the page's search text holds that block's words).
 */
export async function gateSearchResults<
  T extends { kind: 'page' | 'item'; id: string; collectionId: string },
>(db: Database, websiteId: string, results: T[], access: ViewerAccess): Promise<T[]> {
  if (results.length === 0) return results;
  const gates = await itemGates(
    db,
    websiteId,
    results.map((r) => ({ id: r.kind === 'item' ? r.id : `page:${r.id}`, collectionId: r.collectionId })),
  );
  const blocks = await lockedBlocksOfPages(
    db,
    websiteId,
    results.filter((r) => r.kind === 'page').map((r) => r.id),
  );
  return results.filter(
    (r) =>
      mayView(access, gates.get(r.kind === 'item' ? r.id : `page:${r.id}`)) &&
      // A page's words include its blocks': one with a block the visitor may not see is left out.
      (blocks.get(r.id) ?? []).every((areas) => mayView(access, areas)),
  );
}
