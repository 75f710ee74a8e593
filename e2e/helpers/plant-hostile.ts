import sharp from 'sharp';
import { blockTypes } from '../../packages/blocks/src/index';
import {
  type Client,
  type Markers,
  type Path,
  type SameOrigin,
  multipart,
  payloadsFor,
  poisonAndSave,
  shortPayload,
} from './hostile-content';

/**
 * Store hostile payloads in every field a contributor can write through the owner API
 * (plant-purchases.ts adds what visitors send). Answers what the visit needs: the pages,
 * products, forms and orders made for it.
 */

export interface Planted {
  pageIds: string[];
  blogId: string;
  productIds: string[];
  formIds: string[];
  orderIds: string[];
  confirmationUrl: string;
  /** How many fields of each thing hold a payload. */
  poisoned: Record<string, number>;
}

/** Keys whose values are ids, addresses, states and enums: left as they are. */
const IDS =
  /^(id|.*Id|.*Ids|urlId|fullUrl|assetUrl|kind|type|status|currency|language|country|email|.*At|createdOn|href|externalLink|password|code|key|fieldName)$/;

type Owner = Client;

/** A layout with one block of every type, each text prop holding a payload (where its schema lets it). */
function hostileLayout(
  markers: Markers,
  refs: { productId: string; collectionId: string; formId: string; listId: string; image: unknown },
  sameOrigin: SameOrigin,
) {
  const blocks = Object.entries(blockTypes).map(([type, def], i) => {
    const shape = (
      def.props as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }
    ).shape;
    const props: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(shape)) {
      if (name === 'productId') props[name] = refs.productId;
      else if (name === 'collectionId') props[name] = refs.collectionId;
      else if (name === 'formId') props[name] = refs.formId;
      // A newsletter block must name one of the site's lists, or the page is not saved.
      else if (name === 'listId') props[name] = refs.listId;
      else if (name === 'image') props[name] = refs.image;
      else if (name === 'images') {
        const n = markers.next(`${type} block image title`);
        props[name] = [{ image: refs.image, title: shortPayload(n), href: '' }];
      } else {
        const n = markers.next(`${type} block ${name}`);
        const value = payloadsFor(n, sameOrigin).find((v) => schema.safeParse(v).success);
        if (value) props[name] = value;
      }
    }
    return { id: `b${i}`, type, props };
  });
  return { sections: [{ id: 's1', blocks }] };
}

/** The owner's side: everything a contributor writes through the studio's API. */
export async function plantAsOwner(owner: Owner, markers: Markers, sameOrigin: SameOrigin): Promise<Planted> {
  const poisoned: Record<string, number> = {};
  const poison = async (
    what: string,
    body: unknown,
    method: string,
    path: string,
    keep = IDS,
    name?: (at: Path) => string,
  ) => {
    const saved = await poisonAndSave(markers, what, body as never, (b) => owner.send(method, path, b), {
      keep,
      sameOrigin,
      name,
    });
    poisoned[what] = (poisoned[what] ?? 0) + saved.poisoned;
    return saved;
  };
  const { website } = await owner.ok('GET', '/api/studio/session');

  // Media: a file name, alt text and title.
  const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#446655' } })
    .png()
    .toBuffer();
  const upload = multipart(`${shortPayload(markers.next('media file name'))}.png`, 'image/png', png);
  const asset = await owner.ok('POST', '/api/studio/media', undefined, upload);
  await poison(
    'media',
    { title: '', altText: '', filename: 'x.png' },
    'PATCH',
    `/api/studio/media/${asset.id}`,
  );
  const image = {
    id: asset.id,
    assetUrl: asset.assetUrl,
    originalSize: asset.originalSize,
    systemDataVariants: asset.systemDataVariants,
  };

  // A store, a category and two products: one with options and variants, one digital.
  const store = await poison(
    'store',
    { title: 'x', navigationTitle: 'x', description: 'x', addToNavigation: true },
    'POST',
    `/api/content-service/product/1.1/websites/${website.id}/products`,
  );
  const collectionId = store.answer.body.id;
  const category = await poison(
    'category',
    { displayName: 'x' },
    'POST',
    `/api/content-service/product/1.1/websites/${website.id}/products/${collectionId}/categories`,
  );
  const optionName = shortPayload(markers.next('product option name'));
  const product = await poison(
    'product',
    {
      title: 'x',
      excerpt: 'x',
      description: 'x',
      collectionId,
      categoryIds: [category.answer.body.id],
      productType: 1,
      useCustomAddButtonText: true,
      customAddButtonText: 'x',
      merchandising: {
        customSoldOutText: 'x',
        scarcityEnabled: true,
        scarcityText: 'x',
        scarcityShownByDefault: true,
        restockNotificationsEnabled: true,
      },
      imageIds: [asset.id],
      variantOptionOrdering: [optionName],
      variants: [{ sku: 'XSS-1', attributes: { [optionName]: 'x' }, priceCents: 1500, qtyInStock: 50 }],
    },
    'POST',
    '/api/studio/products',
    /^(collectionId|categoryIds|imageIds|variantOptionOrdering|sku)$/,
  );
  const digital = await poison(
    'digital product',
    {
      title: 'x',
      description: 'x',
      collectionId,
      productType: 2,
      variants: [{ sku: 'XSS-FILE', priceCents: 500 }],
    },
    'POST',
    '/api/studio/products',
    /^(collectionId|sku)$/,
  );
  const productIds = [product.answer.body.id, digital.answer.body.id];

  // Forms: a new one with every kind of text, and the demo's contact form.
  const fields = ['text', 'textarea', 'radio', 'select', 'checkbox', 'section', 'hidden'].map((type, i) => ({
    id: `f${i}`,
    type,
    title: 'x',
    description: 'x',
    ...(type.match(/text/) ? { placeholder: 'x' } : {}),
    ...(type.match(/radio|select|checkbox/) ? { options: ['x', 'y'] } : {}),
    ...(type === 'hidden' ? { key: 'k', value: 'x' } : {}),
  }));
  const definition = {
    fields,
    parsedSubmissionMessage: 'x',
    submissionHTML: 'x',
    parsedDisclaimerMessage: 'x',
    captchaEnabled: false,
  };
  const form = await poison(
    'form',
    { name: 'x', notificationEmail: '', definition },
    'POST',
    '/api/studio/forms',
    /^(id|type|key|notificationEmail)$/,
  );
  const formIds = [form.answer.body.id];
  const { forms } = await owner.ok('GET', '/api/studio/forms');
  for (const { id } of forms.filter((f: { name: string }) => f.name === 'Contact')) {
    const current = await owner.ok('GET', `/api/studio/forms/${id}`);
    await poison(
      'contact form',
      { name: current.name, notificationEmail: null, definition: current.definition },
      'PUT',
      `/api/studio/forms/${id}`,
      /^(id|type|key|notificationEmail|successRedirect)$/,
    );
    formIds.push(id);
  }

  // Pages: a page of every block type, and the settings of every page.
  const page = await poison(
    'page title',
    { title: 'x', kind: 'page', addToNavigation: true },
    'POST',
    '/api/studio/pages',
  );
  const { lists } = await owner.ok('GET', '/api/studio/marketing/lists');
  const listId = (lists as { id: string; isDefault: boolean }[]).find((l) => l.isDefault)?.id ?? '';
  const layout = hostileLayout(
    markers,
    { productId: productIds[0], collectionId, formId: formIds[0] as string, listId, image },
    sameOrigin,
  );
  await owner.ok('PUT', `/api/studio/pages/${page.answer.body.id}/layout`, { layout });
  await owner.ok('POST', `/api/studio/pages/${page.answer.body.id}/publish`, { layout });
  const { pages } = await owner.ok('GET', '/api/studio/pages');
  for (const p of pages) {
    await poison(
      `settings of ${p.urlId}`,
      { title: p.title, navigationTitle: p.navigationTitle, seoDescription: p.seoDescription || 'x' },
      'PUT',
      `/api/studio/pages/${p.id}/settings`,
    );
  }

  // Navigation, header and footer, the pop-up, the design.
  const nav = await owner.ok('GET', '/api/commondata/GetSiteLayout');
  const items = nav.layout[0].links;
  items.push({ title: 'x', collectionId: null, externalLink: '/blog', memberAreaId: null, items: [] });
  await poison(
    'navigation',
    { fieldName: 'mainNavigation', navigation: { items } },
    'POST',
    '/api/widget/UpdateNavigation',
  );
  await poison(
    'header and footer',
    await owner.ok('GET', '/api/site-header-footer'),
    'PUT',
    '/api/site-header-footer',
  );
  await poison(
    'pop-up',
    { enabled: true, title: 'x', body: 'x', buttonLabel: 'x', delaySeconds: 0, hideDays: 0 },
    'PUT',
    '/api/owner/popup-overlay',
  );
  // The design has no free text (fonts come from a list, colours are numbers): it is tried,
  // and every payload refused, so it is not counted.
  const design = await owner.ok('GET', '/api/studio/site-styles');
  await poisonAndSave(markers, 'design', design, (b) => owner.send('PUT', '/api/studio/site-styles', b));

  // Blog: a new post with every field.
  const blogId = pages.find((p: { kind: string }) => p.kind === 'blog').id;
  const post = await owner.ok('POST', `/api/studio/blogs/${blogId}/posts`, { title: 'hostile post' });
  await poison(
    'blog post',
    { title: 'x', excerpt: 'x', body: 'x', author: 'x', tags: ['x'], categories: ['x'] },
    'PUT',
    `/api/studio/blogs/${blogId}/posts/${post.id}`,
  );

  // Store settings: shipping and tax names.
  for (const option of (await owner.ok('GET', '/api/studio/commerce/shipping-options')).shippingOptions) {
    await poison('shipping option', option, 'PUT', `/api/studio/commerce/shipping-options/${option.id}`);
  }
  await poison(
    'tax rule',
    { name: 'x', country: 'US', region: 'NY', rateBasisPoints: 800 },
    'POST',
    '/api/studio/commerce/tax-rules',
  );

  // Translations: a second language, every text translated into a payload.
  await owner.ok('PUT', '/api/multilingual/languages', {
    languages: [
      { language: 'en-US', isDefault: true },
      { language: 'fr-FR', isDefault: false },
    ],
  });
  const { entries } = await owner.ok('GET', '/api/multilingual/translations?language=fr-FR');
  const keys = entries.map(({ label: _l, defaultText: _d, value: _v, ...key }: Record<string, unknown>) => ({
    ...key,
    value: 'x',
  }));
  await poison(
    'translation',
    { language: 'fr-FR', entries: keys },
    'PUT',
    '/api/multilingual/translations',
    /^(?!value$)/,
    (at) => `translation of ${entries[at[1] as number].label}`,
  );

  return {
    pageIds: pages.map((p: { id: string }) => p.id),
    blogId,
    productIds,
    formIds,
    orderIds: [],
    confirmationUrl: '',
    poisoned,
  };
}
