import type { BlockData } from '@store/blocks';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type StoredLayout, collections, forms, items } from '../../db/schema/index';
import { CollectionType } from '@store/commerce';
import { serializeCollection, serializeItem } from '../serialize-catalog';
import { listItems, loadProducts } from '../catalog.service';
import { collectionFacets } from '../collection-facets';
import { newsletterSignups } from '../lists/block-signups';
import type { SiteRecord } from '../site.service';

const SUMMARY_MAX = 24;

function propsOf(layout: StoredLayout, types: string[], prop: string): string[] {
  const out = new Set<string>();
  for (const section of layout.sections)
    for (const block of section.blocks)
      if (types.includes(block.type) && typeof block.props[prop] === 'string' && block.props[prop])
        out.add(block.props[prop] as string);
  return [...out];
}

/**
 * What a layout's product, summary, form and newsletter blocks show, read from the catalogue (the
 * server's page render and the studio's preview both use it, so both see the same data).
 * Also returns every store item involved, for the add-to-cart islands.
 */
export async function resolveBlockData(
  db: Database,
  site: SiteRecord,
  layout: StoredLayout,
): Promise<{ data: Required<BlockData>; storeItems: Record<string, unknown>[] }> {
  const productIds = propsOf(layout, ['product'], 'productId');
  const collectionIds = propsOf(layout, ['summary'], 'collectionId');
  const formIds = propsOf(layout, ['form'], 'formId');
  const facetIds = propsOf(layout, ['tagcloud', 'archive'], 'collectionId');
  const data: Required<BlockData> = {
    products: {},
    collections: {},
    forms: {},
    facets: {},
    signups: await newsletterSignups(db, site.id, layout),
  };
  const storeItems = new Map<string, Record<string, unknown>>();

  const colRows = await db.select().from(collections).where(eq(collections.websiteId, site.id));
  const colById = new Map(colRows.map((c) => [c.id, c]));

  if (productIds.length) {
    const rows = await db
      .select()
      .from(items)
      .where(and(eq(items.websiteId, site.id), inArray(items.id, productIds)));
    const records = await loadProducts(db, site.id, rows);
    for (const row of rows) {
      const collection = colById.get(row.collectionId);
      const record = records.get(row.id);
      if (!collection || !record) continue;
      const item = serializeItem(row, collection, { product: record, currency: site.currency });
      data.products[row.id] = item;
      storeItems.set(row.id, item);
    }
  }
  for (const id of collectionIds) {
    const collection = colById.get(id);
    if (!collection || collection.type === CollectionType.page) continue;
    const rows = (await listItems(db, site.id, id)).slice(0, SUMMARY_MAX);
    const records =
      collection.type === CollectionType.products ? await loadProducts(db, site.id, rows) : new Map();
    const list = rows.map((row) =>
      serializeItem(row, collection, { product: records.get(row.id), currency: site.currency }),
    );
    data.collections[id] = { collection: serializeCollection(collection), items: list };
    for (const item of list) if (records.has(item.id)) storeItems.set(item.id, item);
  }
  for (const id of facetIds) {
    const collection = colById.get(id);
    if (!collection || collection.type === CollectionType.page) continue;
    const { title, fullUrl } = serializeCollection(collection);
    data.facets[id] = { collection: { title, fullUrl }, ...(await collectionFacets(db, site.id, id)) };
  }
  if (formIds.length) {
    const rows = await db
      .select()
      .from(forms)
      .where(and(eq(forms.websiteId, site.id), inArray(forms.id, formIds)));
    for (const form of rows) data.forms[form.id] = { id: form.id, name: form.name, ...form.definition };
  }
  return { data, storeItems: [...storeItems.values()] };
}
