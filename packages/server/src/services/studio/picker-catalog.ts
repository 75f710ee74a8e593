import { CollectionType, RecordType } from '@store/commerce';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collections, forms, items, variants } from '../../db/schema/index';
import { signupLists } from '../newsletter.service';
import { itemUrl } from '../serialize-catalog';

/** Choices for the studio's product, collection, form and mailing-list pickers of a site. */
export async function pickerCatalog(db: Database, site: { id: string; currency: string }) {
  const siteId = site.id;
  const [productRows, cols, formRows, lists] = await Promise.all([
    db
      .select({
        id: items.id,
        title: items.title,
        urlId: items.urlId,
        mainImage: items.mainImage,
        collection: { urlId: collections.urlId, type: collections.type },
        prices: sql<{
          min: number;
          max: number;
        }>`(select json_build_object('min', coalesce(min(${variants.priceCents}), 0), 'max', coalesce(max(${variants.priceCents}), 0)) from ${variants} where ${variants.itemId} = ${items.id})`,
      })
      .from(items)
      .innerJoin(collections, eq(collections.id, items.collectionId))
      .where(and(eq(items.websiteId, siteId), eq(items.recordType, RecordType.storeItem)))
      .orderBy(asc(items.title)),
    db
      .select({ id: collections.id, title: collections.title, type: collections.type })
      .from(collections)
      .where(eq(collections.websiteId, siteId)),
    db.select({ id: forms.id, name: forms.name }).from(forms).where(eq(forms.websiteId, siteId)),
    signupLists(db, siteId),
  ]);
  const products = productRows.map((r) => ({
    id: r.id,
    title: r.title,
    fullUrl: itemUrl(r.collection, r),
    mainImageUrl: r.mainImage?.assetUrl ?? null,
    priceCents: Number(r.prices.min),
    maxPriceCents: Number(r.prices.max),
    currency: site.currency,
  }));
  return {
    products,
    collections: cols.filter((c) => c.type !== CollectionType.page),
    forms: formRows,
    lists,
  };
}
