import {
  type Client,
  MARKER_PATH,
  type Markers,
  type SameOrigin,
  longPayload,
  multipart,
  shortPayload,
} from './hostile-content';
import type { Planted } from './plant-hostile';

/**
 * The digital files: a script and a page the owner sells, so that a payload can point a
 * `<script src>` or an `<iframe src>` at the site's own /downloads. Answers their links.
 */
export async function plantDownloads(owner: Client, buyer: Client, markers: Markers): Promise<SameOrigin> {
  const js = markers.next('a .js file served by /downloads');
  const html = markers.next('an .html file served by /downloads');
  const presets = (await buyer.send('GET', '/shop/p/lightroom-presets?format=json')).body.item;
  const { stores } = await owner.ok('GET', '/api/studio/stores');
  const page = await owner.ok('POST', '/api/studio/products', {
    title: 'Printable page',
    collectionId: stores[0].id,
    productType: 2,
    variants: [{ sku: 'PAGE-FILE', priceCents: 300 }],
  });
  const files = [
    {
      id: presets.id,
      name: 'presets.js',
      type: 'text/javascript',
      body: `window.__xss=${js};fetch('${MARKER_PATH}?id=${js}')`,
    },
    {
      id: page.id,
      name: 'page.html',
      type: 'text/html',
      body: `<script>parent.fetch('${MARKER_PATH}?id=${html}')</script>`,
    },
  ];
  const links: string[] = [];
  for (const file of files) {
    await owner.ok(
      'PUT',
      `/api/studio/products/${file.id}/file`,
      undefined,
      multipart(file.name, file.type, Buffer.from(file.body)),
    );
    await owner.ok('PATCH', `/api/studio/products/${file.id}/file`, { downloadLimit: 100, linkDays: 30 });
    await buyer.ok('POST', '/api/commerce/shopping-cart/entries', { itemId: file.id, quantity: 1 });
    const placed = await buyer.ok('POST', '/api/commerce/checkout', {
      email: 'buyer@example.com',
      payment: { token: 'tok_visa' },
    });
    for (const d of placed.order.downloads ?? []) {
      const url = new URL(d.url, buyer.base);
      links.push(`${url.pathname}${url.search}`);
    }
  }
  return { script: links[0], frame: links[1] };
}

/** The visitors' side: a review, a form submission, an order with hostile address and notes, a saved address. */
export async function plantAsVisitors(
  visitor: Client,
  customer: Client,
  owner: Client,
  markers: Markers,
  planted: Planted,
): Promise<void> {
  const say = (what: string) => shortPayload(markers.next(what));
  const essay = (what: string) => longPayload(markers.next(what));
  for (const productId of planted.productIds) {
    const review = await visitor.ok('POST', `/api/commerce/products/${productId}/reviews`, {
      rating: 1,
      title: say('review title'),
      body: essay('review text'),
      authorName: say('review author'),
      email: 'reviewer@example.com',
    });
    await owner.ok('POST', `/api/owner/reviews/${review.id ?? review.review?.id}/moderation`, {
      status: 'APPROVED',
    });
  }
  const { key } = await visitor.ok('POST', '/api/form/FormSubmissionKey');
  const answers = { f0: essay('form answer (text)'), f1: essay('form answer (textarea)') };
  await visitor.ok('POST', '/api/form/SaveFormSubmission', {
    formId: planted.formIds[0],
    form: JSON.stringify(answers),
    key,
    pageTitle: 'x',
    pagePath: '/',
  });

  // The customer orders an engraving with a hostile text, to a hostile address.
  const necklace = (await customer.send('GET', '/shop/p/engraved-necklace?format=json')).body.item;
  const sku = necklace.structuredContent.variants[0].sku;
  await customer.ok('POST', '/api/commerce/shopping-cart/entries', {
    itemId: necklace.id,
    sku,
    quantity: 1,
    additionalFields: JSON.stringify({
      'engraving-text': say('order note (engraving)'),
      'engraving-font': 'Serif',
    }),
  });
  const address = (what: string) => ({
    firstName: say(`${what} first name`),
    lastName: say(`${what} last name`),
    address1: say(`${what} street`),
    address2: say(`${what} line 2`),
    city: say(`${what} city`),
    region: 'NY',
    postalCode: '12534',
    country: 'US',
  });
  const cart = await customer.ok('GET', '/api/commerce/shopping-cart');
  const placed = await customer.ok('POST', '/api/commerce/checkout', {
    email: 'customer@juniper-oak.test',
    shippingAddress: address('order address'),
    shippingOptionId: cart.shippingOptions?.[0]?.id,
    payment: { token: 'tok_visa' },
  });
  planted.orderIds.push(placed.order.id);
  planted.confirmationUrl = placed.confirmationUrl;
  await customer.ok('POST', '/api/site-users/account/addresses', {
    address: address('saved address'),
  });
}
