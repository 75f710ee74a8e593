import {
  CATALOG_TRANSFER_MESSAGES,
  type ProductInput,
  type TransferProduct,
  transferProduct,
} from '@store/api';
import { CollectionType, fillMessage, RecordType } from '@store/commerce';
import { and, eq, inArray } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Database } from '../../db/client';
import { categories, collections, items, mediaAssets, variants } from '../../db/schema/index';
import { type Outcome, reasonCatalogue } from '../../reasons';
import { imagesOf } from '../catalog-admin/product-read';
import { updateProduct } from '../catalog-admin/products.service';
import { createProducts } from '../catalog-admin/products-bulk';
import { createCategory, createStore, isRootCategory } from '../catalog-admin/store.service';
import { saveTranslations } from '../languages/translations';
import { categoryPath, type SheetProduct, splitPath } from './catalog-csv';

export interface ImportProblem {
  rows: number[];
  handle: string | null;
  field: string | null;
  message: string;
}
export interface ImportResult {
  created: number;
  updated: number;
  failed: number;
  problems: ImportProblem[];
}

/** Stores written at once; the products of one store go one after another (they share its lock). */
const STORES_AT_ONCE = 4;

function messageOf(failed: Extract<Outcome<unknown>, { ok: false }>): {
  field: string | null;
  message: string;
} {
  const errors = (failed.details as { errors?: Record<string, string> } | undefined)?.errors;
  const [field, fieldMessage] = Object.entries(errors ?? {})[0] ?? [null, undefined];
  return {
    field,
    message:
      fieldMessage ?? failed.message ?? fillMessage(reasonCatalogue[failed.reason].message, failed.values),
  };
}

/** A media address of this site (`…/media/<hash>/<name>`), as its library id. */
const MEDIA_PATH = /(?:^|\/)media\/([0-9a-f]{16,128})\/[^/?#]+$/;

interface StoreState {
  id: string;
  /** Category path ("A > B") → id. */
  categories: Map<string, string>;
  /** Handle → product id, for the products the store holds. */
  products: Map<string, string>;
}

/**
 * Create or update products from the portable form. Each product is checked by the same schema
 * and saved by the same service as in the product editor, so every rule (SKUs unique on the
 * site, a full option grid, 200 products per store, …) holds; a product that breaks one is
 * reported with its rows and the others are saved. Missing stores and categories are created.
 * A product whose handle the store already has is updated (variants matched by SKU keep their
 * ids, so carts and restock signups follow them).
 */
export async function importCatalog(
  db: Database,
  websiteId: string,
  sheet: readonly SheetProduct[],
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, updated: 0, failed: 0, problems: [] };
  const fail = (p: SheetProduct, handle: string | null, field: string | null, message: string) => {
    result.problems.push({ rows: p.rows, handle, field, message });
  };
  const checked: { sheet: SheetProduct; product: TransferProduct }[] = [];
  for (const p of sheet) {
    const handle = (p.value as { handle?: unknown })?.handle;
    const handleText = typeof handle === 'string' ? handle : null;
    if (p.problems.length > 0) {
      for (const problem of p.problems) fail(p, handleText, problem.field, problem.message);
      result.failed++;
      continue;
    }
    const parsed = transferProduct.safeParse(p.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        fail(p, handleText, issue.path.join('.') || null, issue.message);
      result.failed++;
      continue;
    }
    checked.push({ sheet: p, product: parsed.data });
  }

  // Stores first, one at a time: two products naming a new store must not create it twice.
  const stores = new Map<string, StoreState | null>();
  for (const { sheet: p, product } of checked) {
    const key = product.store.toLowerCase();
    if (stores.has(key)) continue;
    const state = await openStore(db, websiteId, product.store);
    if (!state.ok) fail(p, product.handle ?? null, 'store', state.message);
    stores.set(key, state.ok ? state.value : null);
  }

  const byStore = new Map<StoreState, { sheet: SheetProduct; product: TransferProduct }[]>();
  for (const entry of checked) {
    const store = stores.get(entry.product.store.toLowerCase());
    if (!store) {
      result.failed++;
      continue;
    }
    byStore.set(store, [...(byStore.get(store) ?? []), entry]);
  }
  const limit = pLimit(STORES_AT_ONCE);
  await Promise.all(
    [...byStore].map(([store, entries]) =>
      limit(async () => {
        const fresh: Prepared[] = [];
        for (const entry of entries) {
          const prepared = await prepare(db, websiteId, store, entry.product);
          if (!prepared.ok) {
            result.failed++;
            fail(entry.sheet, entry.product.handle ?? null, prepared.field, prepared.message);
          } else if (prepared.existingId) {
            const saved = await updateProduct(db, websiteId, prepared.existingId, prepared.input);
            if (saved.ok) {
              result.updated++;
              await saveProductTranslations(db, websiteId, saved.value.id, entry.product);
            } else {
              result.failed++;
              const { field, message } = messageOf(saved);
              fail(entry.sheet, entry.product.handle ?? null, field, message);
            }
          } else fresh.push({ ...entry, input: prepared.input });
        }
        for (const batch of batches(fresh)) {
          const made = await createProducts(
            db,
            websiteId,
            store.id,
            batch.map((b) => b.input),
          );
          for (const [i, outcome] of made.entries()) {
            const entry = batch[i] as Prepared;
            if (outcome.ok) {
              result.created++;
              store.products.set(outcome.value.urlId, outcome.value.id);
              await saveProductTranslations(db, websiteId, outcome.value.id, entry.product);
            } else {
              result.failed++;
              const { field, message } = messageOf(outcome);
              fail(entry.sheet, entry.product.handle ?? null, field, message);
            }
          }
        }
      }),
    ),
  );
  result.problems.sort((a, b) => (a.rows[0] ?? 0) - (b.rows[0] ?? 0));
  return result;
}

type Opened = { ok: true; value: StoreState } | { ok: false; message: string };

/** The store of that title or URL id (created when the site has none), with its categories and handles. */
async function openStore(db: Database, websiteId: string, name: string): Promise<Opened> {
  const all = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.type, CollectionType.products)));
  const lower = name.toLowerCase();
  let id = (all.find((s) => s.title.toLowerCase() === lower) ?? all.find((s) => s.urlId === lower))?.id;
  if (!id) {
    const made = await createStore(db, websiteId, {
      title: name,
      description: '',
      enabled: true,
      addToNavigation: false,
    });
    if (!made.ok) return { ok: false, message: messageOf(made).message };
    id = made.value.id;
  }
  const [cats, handles] = await Promise.all([
    db.select().from(categories).where(eq(categories.collectionId, id)),
    db
      .select({ id: items.id, urlId: items.urlId })
      .from(items)
      .where(and(eq(items.collectionId, id), eq(items.recordType, RecordType.storeItem))),
  ]);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const paths = new Map<string, string>();
  for (const c of cats) {
    if (isRootCategory(c)) continue;
    const names: string[] = [];
    let at: typeof c | undefined = c;
    while (at && !isRootCategory(at)) {
      names.unshift(at.displayName);
      at = at.parentCategoryId ? byId.get(at.parentCategoryId) : undefined;
    }
    paths.set(categoryPath(names).toLowerCase(), c.id);
  }
  return {
    ok: true,
    value: { id, categories: paths, products: new Map(handles.map((h) => [h.urlId, h.id])) },
  };
}

/** The category ids of the paths, each missing level created under its parent. */
async function categoryIds(
  db: Database,
  websiteId: string,
  store: StoreState,
  paths: readonly string[],
): Promise<{ ok: true; value: string[] } | { ok: false; message: string }> {
  const ids: string[] = [];
  for (const path of paths) {
    const names = splitPath(path);
    let parent: string | null = null;
    for (let depth = 1; depth <= names.length; depth++) {
      const key = categoryPath(names.slice(0, depth)).toLowerCase();
      let known = store.categories.get(key);
      if (!known) {
        const made = await createCategory(db, websiteId, store.id, {
          displayName: names[depth - 1] ?? '',
          parentCategoryId: parent,
        });
        if (!made.ok) return { ok: false, message: messageOf(made).message };
        known = made.value.id;
        store.categories.set(key, known);
      }
      parent = known;
    }
    if (parent) ids.push(parent);
  }
  return { ok: true, value: ids };
}

interface Prepared {
  sheet: SheetProduct;
  product: TransferProduct;
  input: ProductInput;
}

/** New products go to the database in batches of at most this many variants (one insert each). */
const BATCH_VARIANTS = 2000;
const BATCH_PRODUCTS = 100;

function* batches(products: readonly Prepared[]): Generator<Prepared[]> {
  let batch: Prepared[] = [];
  let variantCount = 0;
  for (const p of products) {
    if (
      batch.length > 0 &&
      (batch.length >= BATCH_PRODUCTS || variantCount + p.input.variants.length > BATCH_VARIANTS)
    ) {
      yield batch;
      batch = [];
      variantCount = 0;
    }
    batch.push(p);
    variantCount += p.input.variants.length;
  }
  if (batch.length > 0) yield batch;
}

type PrepareResult =
  | { ok: true; input: ProductInput; existingId: string | undefined }
  | { ok: false; field: string | null; message: string };

/** The editor's input for a product: its store's categories (made when missing), images, kept variant ids. */
async function prepare(
  db: Database,
  websiteId: string,
  store: StoreState,
  product: TransferProduct,
): Promise<PrepareResult> {
  const cats = await categoryIds(db, websiteId, store, product.categories);
  if (!cats.ok) return { ok: false, field: 'categories', message: cats.message };
  const existingId = product.handle ? store.products.get(product.handle) : undefined;
  const images = await imageIds(db, websiteId, existingId, product.images);
  if (!images.ok) return images;
  const existingVariants = existingId
    ? await db
        .select({ id: variants.id, sku: variants.sku })
        .from(variants)
        .where(eq(variants.itemId, existingId))
    : [];
  const keep = new Map(existingVariants.map((v) => [v.sku, v.id]));
  const input: ProductInput = {
    title: product.title,
    ...(product.handle ? { urlId: product.handle } : {}),
    excerpt: product.excerpt,
    description: product.description,
    collectionId: store.id,
    categoryIds: cats.value,
    productType: product.productType,
    isSubscribable: product.subscriptionPlan !== null,
    subscriptionPlan: product.subscriptionPlan,
    additionalFieldsFormId: null,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    merchandising: {
      customSoldOutText: '',
      scarcityEnabled: false,
      scarcityText: '',
      scarcityShownByDefault: true,
      restockNotificationsEnabled: false,
    },
    imageIds: images.value,
    variantOptionOrdering: product.options,
    variants: product.variants.map((v) => ({
      ...(keep.has(v.sku) ? { id: keep.get(v.sku) } : {}),
      sku: v.sku,
      attributes: v.attributes,
      priceCents: v.priceMinor,
      salePriceCents: v.salePriceMinor,
      onSale: v.onSale,
      qtyInStock: v.stock,
      unlimited: v.unlimited,
      weightGrams: v.weightGrams,
      imageUrl: v.image,
    })),
  };
  return { ok: true, input, existingId };
}

/** The product's texts in other languages (the summary is the excerpt's translation). */
async function saveProductTranslations(
  db: Database,
  websiteId: string,
  itemId: string,
  product: TransferProduct,
): Promise<void> {
  for (const [language, t] of Object.entries(product.translations)) {
    const fields = { title: t.title, summary: t.excerpt, description: t.description };
    await saveTranslations(
      db,
      websiteId,
      language,
      Object.entries(fields).map(([field, value]) => ({
        subjectType: 'product' as const,
        subjectId: itemId,
        field,
        value: value ?? '',
      })),
    );
  }
}

/**
 * Library ids of the product's images: an id as given, a media address of this site by its
 * file, and an image the product already shows (a seeded one, named by its address) kept in
 * place. Anything else is a problem: an import never fetches pictures from elsewhere.
 */
async function imageIds(
  db: Database,
  websiteId: string,
  existingId: string | undefined,
  images: readonly string[],
): Promise<{ ok: true; value: string[] } | { ok: false; field: string; message: string }> {
  if (images.length === 0) return { ok: true, value: [] };
  const hashes = images.map((ref) => MEDIA_PATH.exec(ref)?.[1]).filter((h): h is string => h !== undefined);
  const [byHash, current] = await Promise.all([
    hashes.length
      ? db
          .select({ id: mediaAssets.id, hash: mediaAssets.hash })
          .from(mediaAssets)
          .where(and(eq(mediaAssets.websiteId, websiteId), inArray(mediaAssets.hash, hashes)))
      : Promise.resolve([]),
    existingId
      ? db.select().from(items).where(eq(items.id, existingId))
      : Promise.resolve([] as (typeof items.$inferSelect)[]),
  ]);
  const shown = current[0] ? imagesOf(current[0]) : [];
  const ids: string[] = [];
  for (const [i, ref] of images.entries()) {
    const position = shown.findIndex((image) => image.assetUrl === ref || image.id === ref);
    if (position >= 0) {
      ids.push(shown[position]?.id ?? `current:${position}`);
      continue;
    }
    const hash = MEDIA_PATH.exec(ref)?.[1];
    if (hash) {
      const row = byHash.find((r) => r.hash === hash);
      if (row) {
        ids.push(row.id);
        continue;
      }
    } else if (!/[/:]/.test(ref)) {
      // A media id: the product service checks that the library holds it.
      ids.push(ref);
      continue;
    }
    return {
      ok: false,
      field: `images.${i}`,
      message: fillMessage(CATALOG_TRANSFER_MESSAGES.imageNotInLibrary, { image: ref }),
    };
  }
  return { ok: true, value: ids };
}
