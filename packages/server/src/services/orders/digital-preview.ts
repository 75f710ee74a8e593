import { formatMoney, minorToDecimal, ProductType } from '@store/commerce';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { items, productFiles, products, variants } from '../../db/schema/index';
import type { SerializedOrder } from '../order.service';
import type { SiteRecord } from '../site.service';
import { receiptMail } from './order-mail';

const DAY_MS = 24 * 3600 * 1000;

/** A digital product the owner may preview. */
export interface DigitalProductChoice {
  itemId: string;
  title: string;
}

/** The site's digital products, by title: the preview page's picker. */
export async function digitalProducts(db: Database, websiteId: string): Promise<DigitalProductChoice[]> {
  return db
    .select({ itemId: items.id, title: items.title })
    .from(products)
    .innerJoin(items, eq(items.id, products.itemId))
    .where(and(eq(products.websiteId, websiteId), eq(products.productType, ProductType.DIGITAL)))
    .orderBy(asc(items.title));
}

/**
 * What a buyer of one digital product receives (page type 210), made from the product as it
 * is now and nothing stored: the download section of the order page and the receipt mail of
 * a one-item order, with a sample link in place of the signed one (no order, no download
 * right, no mail is created). Undefined when the item is not a digital product of the site.
 */
export async function digitalProductPreview(db: Database, site: SiteRecord, itemId: string) {
  const [product] = await db
    .select({ itemId: items.id, title: items.title, productType: products.productType })
    .from(products)
    .innerJoin(items, eq(items.id, products.itemId))
    .where(and(eq(products.websiteId, site.id), eq(products.itemId, itemId)));
  if (!product || product.productType !== ProductType.DIGITAL) return undefined;
  const [variant] = await db
    .select({ sku: variants.sku, priceCents: variants.priceCents })
    .from(variants)
    .where(eq(variants.itemId, itemId))
    .orderBy(asc(variants.displayIndex))
    .limit(1);
  const [file] = await db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.websiteId, site.id), eq(productFiles.itemId, itemId)));
  const priceCents = variant?.priceCents ?? 0;
  const sampleUrl = '/downloads/sample-link-in-preview';
  const download = file
    ? {
        productName: product.title,
        url: sampleUrl,
        expiresAt: new Date(Date.now() + file.linkDays * DAY_MS).toISOString(),
        remaining: file.downloadLimit,
      }
    : null;
  const money = (cents: number) => ({ value: minorToDecimal(cents, site.currency), currency: site.currency });
  const order: SerializedOrder = {
    id: 'preview',
    orderNumber: 1001,
    purchasedCartId: 'preview',
    websiteId: site.id,
    testMode: false,
    status: 'PAID',
    email: 'buyer@example.com',
    currency: site.currency,
    subtotalCents: priceCents,
    taxCents: 0,
    includedTaxCents: 0,
    shippingCents: 0,
    discountCents: 0,
    grandTotalCents: priceCents,
    grandTotal: money(priceCents),
    shippingTotal: money(0),
    taxTotal: money(0),
    shippingAddress: null,
    shippingOptionName: null,
    createdOn: Date.now(),
    items: [
      {
        itemId,
        sku: variant?.sku ?? '',
        productName: product.title,
        variantDescription: '',
        productType: ProductType.DIGITAL,
        quantity: 1,
        unitPriceCents: priceCents,
        unitPrice: money(priceCents),
        additionalFields: null,
      },
    ],
    giftCards: [],
    downloads: download ? [download] : [],
  };
  const mail = receiptMail(site, order, '/commerce/orders/sample-order-link');
  return {
    product: { itemId, title: product.title, price: formatMoney(priceCents, site.currency) },
    file: file
      ? {
          filename: file.filename,
          bytes: file.bytes,
          downloadLimit: file.downloadLimit,
          linkDays: file.linkDays,
        }
      : null,
    download,
    mail: { subject: mail.subject, text: mail.text },
  };
}

export type DigitalProductPreview = NonNullable<Awaited<ReturnType<typeof digitalProductPreview>>>;
