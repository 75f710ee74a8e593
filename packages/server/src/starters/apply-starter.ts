import { checkLayout, siteStylesSchema } from '@store/blocks';
import { toMinorUnits } from '@store/commerce';
import type { Tx } from '../db/client';
import { theRow } from '../db/rows';
import {
  type NavigationItem,
  categories,
  collections,
  forms,
  headerFooters,
  items,
  navigations,
  pageRevisions,
  pageSettings,
  products,
  shippingOptions,
  siteStyles,
  variants,
} from '../db/schema/index';
import { CollectionType, RecordType } from '../pages/page-types';
import { ROOT_CATEGORY } from '../services/catalog-admin/store.service';
import { MAIN_NAVIGATION } from '../services/studio/navigation.service';
import { artSize } from './starter-art';
import type { Starter, StarterPage } from './starter-schema';

/** What a starter's placeholders are filled with. */
export interface StarterValues {
  siteTitle: string;
  ownerEmail: string;
  currency: string;
  /** For `{year}` in the footer: the year the site was made. */
  now: Date;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** `{siteTitle}`, `{ownerEmail}`, `{year}` in a text; escaped where the text is HTML. */
function fill(text: string, values: StarterValues, html: boolean): string {
  const value = (name: string) =>
    name === 'siteTitle'
      ? values.siteTitle
      : name === 'ownerEmail'
        ? values.ownerEmail
        : String(values.now.getUTCFullYear());
  return text.replace(/\{(siteTitle|ownerEmail|year)\}/g, (_, name: string) =>
    html ? escapeHtml(value(name)) : value(name),
  );
}

/** Block props with placeholders and `@collection:` / `@form:` references filled in. */
function resolveProps(
  props: Record<string, unknown>,
  values: StarterValues,
  ref: (kind: string, key: string) => string,
): Record<string, unknown> {
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') {
      const reference = /^@(collection|form):([a-z0-9-]+)$/.exec(value);
      if (reference) return ref(reference[1] ?? '', reference[2] ?? '');
      // Text blocks (and code blocks) hold HTML in `html`; every other prop is plain text.
      return fill(value, values, key === 'html');
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, key));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return walk(props, '') as Record<string, unknown>;
}

const COLLECTION_TYPE: Record<StarterPage['kind'], number> = {
  page: CollectionType.page,
  blog: CollectionType.generic,
  store: CollectionType.products,
};

/**
 * Build a starter into a new, empty website inside the creating transaction: forms, pages
 * (published as their first revision), blog posts, the store with its root category,
 * products and shipping, navigation, header and footer, and the design.
 */
export async function applyStarter(
  tx: Tx,
  websiteId: string,
  starter: Starter,
  values: StarterValues,
): Promise<void> {
  const formIds = new Map<string, string>();
  for (const form of starter.forms) {
    const row = await tx
      .insert(forms)
      .values({
        websiteId,
        name: form.name,
        definition: form.definition,
        notificationEmail: form.notifyOwner ? values.ownerEmail : null,
      })
      .returning({ id: forms.id });
    formIds.set(form.key, theRow(row, 'insert into forms').id);
  }

  const collectionIds = new Map<string, string>();
  for (const [displayIndex, page] of starter.pages.entries()) {
    const row = await tx
      .insert(collections)
      .values({
        websiteId,
        type: COLLECTION_TYPE[page.kind],
        urlId: page.urlId,
        title: page.title,
        navigationTitle: page.title,
        description: page.kind === 'store' ? page.description : '',
        displayIndex,
      })
      .returning({ id: collections.id });
    collectionIds.set(page.urlId, theRow(row, 'insert into collections').id);
  }
  const ref = (kind: string, key: string) => {
    const id = kind === 'form' ? formIds.get(key) : collectionIds.get(key);
    if (!id) throw new Error(`starter "${starter.id}": no ${kind} "${key}"`);
    return id;
  };
  const imageOf = (name: string) => {
    const image = starter.images[name];
    if (!image) throw new Error(`starter "${starter.id}": no image "${name}"`);
    return {
      assetUrl: `/assets/starters/${name}.svg`,
      originalSize: artSize(image.art),
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      altText: image.alt,
      filename: `${name}.svg`,
    };
  };

  for (const page of starter.pages) {
    const collectionId = ref('collection', page.urlId);
    if (page.kind === 'page') {
      const layout = {
        sections: page.layout.sections.map((section) => ({
          id: section.id,
          blocks: section.blocks.map((b) => ({ ...b, props: resolveProps(b.props, values, ref) })),
        })),
      };
      const checked = checkLayout(layout);
      if (!checked.ok) throw new Error(`starter "${starter.id}", page ${page.urlId}: ${checked.message}`);
      const revision = theRow(
        await tx
          .insert(pageRevisions)
          .values({ websiteId, collectionId, layout: checked.layout })
          .returning({ id: pageRevisions.id }),
        'insert into page_revisions',
      );
      await tx.insert(pageSettings).values({
        collectionId,
        websiteId,
        seoDescription: page.seoDescription ?? '',
        publishedRevisionId: revision.id,
      });
    } else if (page.kind === 'blog') {
      const day = 24 * 3600 * 1000;
      for (const [i, post] of page.posts.entries())
        await tx.insert(items).values({
          websiteId,
          collectionId,
          recordType: RecordType.text,
          title: fill(post.title, values, false),
          urlId: post.slug,
          excerpt: fill(post.excerpt, values, true),
          body: fill(post.body, values, true),
          author: values.siteTitle,
          tags: post.tags,
          mainImage: imageOf(post.image),
          // The first post is the newest: the blog and its summaries list newest first.
          publishOn: new Date(values.now.getTime() - (i + 1) * day),
          displayIndex: i,
        });
    } else {
      const root = theRow(
        await tx
          .insert(categories)
          .values({ websiteId, collectionId, ...ROOT_CATEGORY, displayIndex: 0 })
          .returning({ id: categories.id }),
        'insert into categories',
      );
      for (const [i, p] of starter.products.entries()) {
        const item = theRow(
          await tx
            .insert(items)
            .values({
              websiteId,
              collectionId,
              recordType: RecordType.storeItem,
              title: p.title,
              urlId: p.slug,
              excerpt: `<p>${escapeHtml(p.excerpt)}</p>`,
              body: `<p>${escapeHtml(p.excerpt)}</p>`,
              mainImage: imageOf(p.image),
              categoryIds: [root.id],
              displayIndex: i,
            })
            .returning({ id: items.id }),
          'insert into items',
        );
        await tx.insert(products).values({ itemId: item.id, websiteId, productType: 1 });
        await tx.insert(variants).values({
          websiteId,
          itemId: item.id,
          sku: p.sku,
          priceCents: toMinorUnits(p.price, values.currency),
          qtyInStock: p.stock,
          weightGrams: p.weightGrams,
        });
      }
    }
  }

  for (const [displayIndex, option] of starter.shipping.entries())
    await tx.insert(shippingOptions).values({
      websiteId,
      name: option.name,
      description: option.description,
      costCents: toMinorUnits(option.price, values.currency),
      displayIndex,
    });

  const navigation: NavigationItem[] = starter.pages
    .filter((p) => p.inNavigation)
    .map((p) => ({ title: p.title, collectionId: ref('collection', p.urlId) }));
  await tx.insert(navigations).values({ websiteId, identifier: MAIN_NAVIGATION, items: navigation });
  await tx.insert(headerFooters).values({
    websiteId,
    header: {
      siteTitle: values.siteTitle,
      tagline: starter.header.tagline,
      showCart: starter.header.showCart,
    },
    footer: {
      text: fill(starter.footer.text, values, false),
      links: starter.footer.links,
    },
  });
  if (starter.styles)
    await tx.insert(siteStyles).values({ websiteId, styles: siteStylesSchema.parse(starter.styles) });
}
