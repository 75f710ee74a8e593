import { CollectionType, IMAGE_WIDTHS, minorToDecimal } from '@store/commerce';
import type { CategoryRow, CollectionRow, ItemRow, ProductRecord, VariantRow } from './catalog.service';

/** URL of a collection: the home page is `/`. */
export function collectionUrl(collection: Pick<CollectionRow, 'urlId'>): string {
  return collection.urlId === 'home' ? '/' : `/${collection.urlId}`;
}

/** URL of an item: products live at /<store>/p/<slug>, posts at /<blog>/<slug>. */
export function itemUrl(
  collection: Pick<CollectionRow, 'urlId' | 'type'>,
  item: Pick<ItemRow, 'urlId'>,
): string {
  return collection.type === CollectionType.products
    ? `/${collection.urlId}/p/${item.urlId}`
    : `/${collection.urlId}/${item.urlId}`;
}

export function serializeCollection(c: CollectionRow) {
  return {
    id: c.id,
    title: c.title,
    navigationTitle: c.navigationTitle ?? c.title,
    type: c.type,
    typeName:
      c.type === CollectionType.products ? 'products' : c.type === CollectionType.page ? 'page' : 'blog',
    urlId: c.urlId,
    fullUrl: collectionUrl(c),
    description: c.description,
    enabled: c.enabled,
    passwordProtected: c.password !== null,
  };
}

/**
 * Add `systemDataVariants` (the spec §9 widths up to the original's width) so the theme's
 * `image-srcset` formatter can offer every size.
 */
export function withImageVariants<T extends { originalSize?: string } | null>(image: T): T {
  if (!image) return image;
  const width = Number(String(image.originalSize ?? '').split('x')[0]);
  const widths = IMAGE_WIDTHS.filter((w) => !Number.isFinite(width) || width <= 0 || w <= width);
  return { ...image, systemDataVariants: widths.map((w) => `${w}w`).join(',') };
}

/** Template money object: decimal string in major units (what the price formatters read). */
function money(cents: number, currency: string) {
  return { value: minorToDecimal(cents, currency), currency };
}

export function serializeVariant(v: VariantRow, currency: string) {
  return {
    id: v.id,
    sku: v.sku,
    price: v.priceCents,
    salePrice: v.salePriceCents,
    onSale: v.onSale,
    priceMoney: money(v.priceCents, currency),
    salePriceMoney: money(v.salePriceCents, currency),
    qtyInStock: v.qtyInStock,
    unlimited: v.unlimited,
    attributes: v.attributes,
    optionValues: Object.entries(v.attributes).map(([optionName, value]) => ({ optionName, value })),
    imageUrl: v.imageUrl,
  };
}

type GalleryImage = { assetUrl: string; altText: string; originalSize?: string };

function galleryImages(content: unknown): GalleryImage[] {
  const images = (content as { images?: unknown } | null)?.images;
  if (!Array.isArray(images)) return [];
  return images
    .filter((i): i is GalleryImage => typeof i?.assetUrl === 'string')
    .map((i) => withImageVariants<GalleryImage>({ ...i, altText: i.altText ?? '' }));
}

/** A content item as templates read it (spec §3 "Content item" / "Product item"). */
export function serializeItem(
  item: ItemRow,
  collection: CollectionRow,
  options: { product?: ProductRecord; currency: string; categories?: CategoryRow[] },
) {
  const base = {
    id: item.id,
    collectionId: item.collectionId,
    recordType: item.recordType,
    title: item.title,
    urlId: item.urlId,
    fullUrl: itemUrl(collection, item),
    excerpt: item.excerpt,
    body: item.body,
    author: item.author,
    tags: item.tags,
    categories: (options.categories ?? [])
      .filter((c) => item.categoryIds.includes(c.id))
      .map((c) => c.displayName),
    publishOn: item.publishOn.getTime(),
    addedOn: item.createdAt.getTime(),
    assetUrl: item.mainImage?.assetUrl ?? null,
    mainImage: withImageVariants(item.mainImage as { originalSize?: string } | null),
    mainImageId: item.mainImage ? `${item.id}-image` : null,
    // The item's further pictures (a product's gallery after its main image).
    images: galleryImages(item.structuredContent),
    publicCommentCount: 0,
    commentState: 0,
    likeCount: 0,
    structuredContent: item.structuredContent as Record<string, unknown>,
  };
  const record = options.product;
  if (!record) return base;
  const { product } = record;
  const variants = record.variants.map((v) => serializeVariant(v, options.currency));
  const first = record.variants[0];
  return {
    ...base,
    variantOptionOrdering: product.variantOptionOrdering,
    structuredContent: {
      productType: product.productType,
      variants,
      variantOptionOrdering: product.variantOptionOrdering,
      isSubscribable: product.isSubscribable,
      subscriptionPlan: product.subscriptionPlan,
      // Item-level price and sale (read for digital products and gift cards).
      priceMoney: first ? money(first.priceCents, options.currency) : money(0, options.currency),
      salePriceMoney: first ? money(first.salePriceCents, options.currency) : money(0, options.currency),
      onSale: first?.onSale ?? false,
      additionalFieldsFormId: product.additionalFieldsFormId,
      useCustomAddButtonText: product.useCustomAddButtonText,
      customAddButtonText: product.customAddButtonText,
    },
  };
}

export type SerializedItem = ReturnType<typeof serializeItem>;
