import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  categories,
  collections,
  coupons,
  forms,
  headerFooters,
  items,
  navigations,
  products,
  shippingOptions,
  taxRules,
  variants,
  websites,
} from '../db/schema/index';
import { mailingLists } from '../db/schema/newsletter';
import { seedDemoAccounts } from '../services/site-users/demo-accounts';
import { demoBlockLayouts, seedBlockPages } from './demo-block-pages';
import { demoForms } from './demo-forms';
import { DEMO_VIEWS, demoImageSize } from './demo-image';
import { type DemoProduct, demoProducts } from './demo-products';
import { seedReviewsAndPopup } from './demo-reviews';
import { known } from './known';
import { theRow } from '../db/rows';

/** How the product reaches the buyer: each type says what is true of it. */
export function fulfilmentNote(p: Pick<DemoProduct, 'productType' | 'subscriptionPlan'>): string {
  if (p.subscriptionPlan) return 'The first delivery ships within two working days; cancel any time.';
  switch (p.productType) {
    case 2:
      return 'Download link by email as soon as you check out.';
    case 3:
      return 'After checkout we email you within one working day to book a time.';
    case 4:
      return 'Sent by email within minutes of checkout. Never expires.';
    default:
      return 'Ships from our studio within two working days.';
  }
}

/** Collection type codes (spec §3). */
const COLLECTION = { generic: 1, page: 10, products: 13 } as const;
const RECORD = { text: 1, storeItem: 11 } as const;

export interface SeedOptions {
  identifier?: string;
  hosts?: string[];
  isDefault?: boolean;
}

const blogPosts = [
  {
    slug: 'welcome-to-the-shop',
    title: 'Welcome to the shop',
    excerpt: '<p>Why we started making things people keep for years.</p>',
    body: '<p>We started this shop to make a few good things and sell them honestly.</p><p>Every product page shows what is in stock right now.</p>',
    publishOn: '2026-09-01T14:00:00Z',
  },
  {
    slug: 'behind-the-kiln',
    title: 'Behind the kiln',
    excerpt: '<p>How our stoneware mugs are made, and why they sell out.</p>',
    body: '<p>Each mug is thrown by hand and fired twice. A firing yields about forty mugs.</p>',
    publishOn: '2026-10-05T14:00:00Z',
  },
  {
    slug: 'caring-for-merino',
    title: 'Caring for merino',
    excerpt: '<p>Wash cold, dry flat, wear for a decade.</p>',
    body: '<p>Merino is naturally odour resistant. Wash it cold and dry it flat.</p>',
    publishOn: '2026-11-02T14:00:00Z',
  },
];

/**
 * Create the demo site (deterministic slugs) and return its website id. Runs in one
 * transaction: a half-seeded site is never visible.
 */
export async function seedDemoSite(db: Database, options: SeedOptions = {}): Promise<string> {
  return db.transaction(async (tx) => {
    const site = await tx
      .insert(websites)
      .values({
        identifier: options.identifier ?? 'demo',
        siteTitle: 'Juniper & Oak',
        hosts: options.hosts ?? ['localhost', '127.0.0.1'],
        isDefault: options.isDefault ?? true,
        currency: 'USD',
        timeZone: 'America/New_York',
        storeSettings: {
          useLightCart: false,
          multipleQuantityAllowedForServices: true,
          expressCheckout: false,
          minimumOrderSubtotalCents: 0,
          merchandisingSettings: { enableNativeReviews: true, enableImportedReviews: false },
        },
        settings: { commentsEnabled: false, disqusShortname: '', simpleLikingEnabled: false },
        // The demo is public from its first start: no "coming soon" page.
        launchedAt: new Date(),
      })
      .returning({ id: websites.id });
    const websiteId = theRow(site, 'insert into websites').id;

    const formIds: Record<string, string> = {};
    for (const form of demoForms) {
      const rows = await tx
        .insert(forms)
        .values({
          websiteId,
          name: form.name,
          definition: form.definition,
          notificationEmail: form.notificationEmail ?? null,
        })
        .returning({ id: forms.id });
      formIds[form.key] = theRow(rows, 'insert into forms').id;
    }

    const formId = known(formIds, 'form');

    const page = (urlId: string, title: string, body: string, displayIndex: number, formId?: string) => ({
      websiteId,
      type: COLLECTION.page,
      urlId,
      title,
      navigationTitle: title,
      body,
      displayIndex,
      formId: formId ?? null,
    });
    const inserted = await tx
      .insert(collections)
      .values([
        page(
          'home',
          'Home',
          '<h2>Made slowly, sold honestly</h2><p>Apparel, homeware and stationery from a small studio.</p><p><a class="button" href="/shop">Visit the shop</a></p>',
          0,
          formIds.newsletter,
        ),
        page(
          'about',
          'About',
          '<h2>A two-person studio</h2><p>Juniper &amp; Oak is a two-person studio. We design everything we sell and ship from our workshop.</p>',
          3,
        ),
        page('contact', 'Contact', '<p>Questions about an order? Write to us.</p>', 4, formIds.contact),
        {
          websiteId,
          type: COLLECTION.products,
          urlId: 'shop',
          title: 'Shop',
          navigationTitle: 'Shop',
          displayIndex: 1,
        },
        {
          websiteId,
          type: COLLECTION.generic,
          urlId: 'blog',
          title: 'Journal',
          navigationTitle: 'Journal',
          displayIndex: 2,
        },
        {
          websiteId,
          type: COLLECTION.page,
          urlId: 'wholesale',
          title: 'Wholesale',
          body: '<p>Trade prices for stockists.</p>',
          password: 'stockist',
          displayIndex: 5,
        },
      ])
      .returning({ id: collections.id, urlId: collections.urlId });
    const collectionId = known(Object.fromEntries(inserted.map((c) => [c.urlId, c.id])), 'collection');

    await tx.insert(items).values(
      blogPosts.map((post, i) => ({
        websiteId,
        collectionId: collectionId('blog'),
        recordType: RECORD.text,
        title: post.title,
        urlId: post.slug,
        excerpt: post.excerpt,
        body: post.body,
        author: 'Juniper & Oak',
        tags: ['studio'],
        publishOn: new Date(post.publishOn),
        displayIndex: i,
      })),
    );

    const categoryNames = [...new Set(demoProducts.map((p) => p.category))];
    const cats = await tx
      .insert(categories)
      .values(
        categoryNames.map((name, i) => ({
          websiteId,
          collectionId: collectionId('shop'),
          displayName: name,
          slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          displayIndex: i,
        })),
      )
      .returning({ id: categories.id, displayName: categories.displayName });
    const categoryId = known(Object.fromEntries(cats.map((c) => [c.displayName, c.id])), 'category');

    const itemIdBySlug: Record<string, string> = {};
    for (const [i, p] of demoProducts.entries()) {
      const itemRows = await tx
        .insert(items)
        .values({
          websiteId,
          collectionId: collectionId('shop'),
          recordType: RECORD.storeItem,
          title: p.title,
          urlId: p.slug,
          excerpt: `<p>${p.excerpt}</p>`,
          body: `<p>${p.excerpt}</p><p>${fulfilmentNote(p)}</p>`,
          mainImage: {
            assetUrl: `/assets/demo/${p.slug}.svg`,
            originalSize: demoImageSize,
            mediaFocalPoint: { x: 0.5, y: 0.5 },
            altText: p.title,
            filename: `${p.slug}.svg`,
          },
          // Further pictures (close-up, in a room) after the main image: the product gallery.
          structuredContent: {
            images: DEMO_VIEWS.filter((view) => view !== 'main').map((view) => ({
              assetUrl: `/assets/demo/${p.slug}-${view}.svg`,
              originalSize: demoImageSize,
              mediaFocalPoint: { x: 0.5, y: 0.5 },
              altText: `${p.title}, ${view === 'detail' ? 'close-up' : 'in a room'}`,
              filename: `${p.slug}-${view}.svg`,
            })),
          },
          categoryIds: [categoryId(p.category)],
          displayIndex: i,
        })
        .returning({ id: items.id });
      const item = theRow(itemRows, 'insert into items');
      itemIdBySlug[p.slug] = item.id;
      await tx.insert(products).values({
        itemId: item.id,
        websiteId,
        productType: p.productType,
        isSubscribable: Boolean(p.subscriptionPlan),
        subscriptionPlan: p.subscriptionPlan ?? null,
        additionalFieldsFormId: p.additionalFieldsForm ? formId(p.additionalFieldsForm) : null,
        useCustomAddButtonText: Boolean(p.customAddButtonText),
        customAddButtonText: p.customAddButtonText ?? '',
        variantOptionOrdering: p.options ?? [],
        merchandising: p.merchandising ?? {},
      });
      await tx.insert(variants).values(
        p.variants.map((v, j) => ({
          websiteId,
          itemId: item.id,
          sku: v.sku,
          priceCents: v.price,
          salePriceCents: v.salePrice ?? 0,
          onSale: v.onSale ?? false,
          qtyInStock: v.stock === 'unlimited' ? 0 : v.stock,
          unlimited: v.stock === 'unlimited',
          attributes: v.attributes ?? {},
          imageUrl: v.image ? `/assets/demo/${v.image.name}.svg` : null,
          displayIndex: j,
        })),
      );
    }

    await tx.insert(shippingOptions).values([
      { websiteId, name: 'Standard', description: '3–5 working days', costCents: 500, displayIndex: 0 },
      { websiteId, name: 'Express', description: 'Next working day', costCents: 1500, displayIndex: 1 },
    ]);
    await tx
      .insert(taxRules)
      .values([{ websiteId, name: 'New York sales tax', country: 'US', region: 'NY', rateBasisPoints: 888 }]);
    await tx.insert(coupons).values([
      { websiteId, code: 'WELCOME10', kind: 'PERCENTAGE', amount: 10 },
      { websiteId, code: 'FIVEOFF', kind: 'FIXED_AMOUNT', amount: 500, minSubtotalCents: 3000 },
    ]);

    await tx.insert(navigations).values({
      websiteId,
      identifier: 'mainNavigation',
      items: ['home', 'shop', 'blog', 'about', 'contact'].map((urlId) => ({
        title:
          urlId === 'blog'
            ? 'Journal'
            : urlId === 'home'
              ? 'Home'
              : urlId.charAt(0).toUpperCase() + urlId.slice(1),
        collectionId: collectionId(urlId),
      })),
    });
    await tx.insert(headerFooters).values({
      websiteId,
      header: { siteTitle: 'Juniper & Oak', tagline: 'Made slowly, sold honestly', showCart: true },
      footer: {
        text: '© 2026 Juniper & Oak · Workshop 4, Mill Lane, Hudson NY',
        links: [
          { title: 'Shipping & returns', href: '/about' },
          { title: 'Contact', href: '/contact' },
        ],
      },
    });
    // The default mailing list, which the home page's newsletter block joins.
    const newsletterList = theRow(
      await tx
        .insert(mailingLists)
        .values({ websiteId, name: 'Newsletter', isDefault: true })
        .returning({ id: mailingLists.id }),
      'insert into mailing_lists',
    ).id;
    // Home, about and contact are pages made of blocks (the studio edits them).
    const layouts = demoBlockLayouts({
      shop: collectionId('shop'),
      newsletterList,
      contactForm: formId('contact'),
      heroImage: `/assets/demo/${theRow(demoProducts, 'demo products').slug}.svg`,
    });
    await seedBlockPages(tx, websiteId, [
      { collectionId: collectionId('home'), layout: layouts.home },
      { collectionId: collectionId('about'), layout: layouts.about },
      { collectionId: collectionId('contact'), layout: layouts.contact },
    ]);
    await seedDemoAccounts(tx, websiteId);
    await seedReviewsAndPopup(tx, websiteId, itemIdBySlug);
    return websiteId;
  });
}

/** Seed the demo site when the database has no website yet. Answers its id when it seeded. */
export async function seedIfEmpty(db: Database): Promise<string | undefined> {
  const existing = await db
    .select({ id: websites.id })
    .from(websites)
    .where(eq(websites.isDefault, true))
    .limit(1);
  if (existing.length > 0) return undefined;
  try {
    return await seedDemoSite(db);
  } catch (error) {
    // Another process seeded at the same moment (unique identifier): that is fine.
    if ((error as { code?: string; cause?: { code?: string } }).cause?.code === '23505') return undefined;
    if ((error as { code?: string }).code === '23505') return undefined;
    throw error;
  }
}
