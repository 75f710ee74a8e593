import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  contributorInvitations,
  coupons,
  emailOutbox,
  formSubmissions,
  forms,
  items,
  siteUsers,
  taxRules,
} from '../../src/db/schema/index';
import { productReviews } from '../../src/db/schema/reviews';
import type { SiteRecord } from '../../src/services/site.service';
import { listCustomers } from '../../src/services/customers/customers';
import { createSite } from '../../src/services/sites/create-site';
import { newSiteInput } from '../../src/services/sites/site-input';
import { createTestSite } from '../helpers/test-app';
import { type Backend, uniqueHost } from '../helpers/test-db';
import { shippingAddress } from '../helpers/shop';
import { CookieJar } from './cookie-jar';

/** Every piece of site B's data carries this word, so a leak to site A is found by searching. */
export const MARK = 'zqbeta';
const PASSWORD = 'owner password 123';

export interface SiteUnderTest {
  site: SiteRecord;
  host: string;
  owner: CookieJar;
}

async function makeSite(app: FastifyInstance, title: string, email: string): Promise<SiteUnderTest> {
  const host = uniqueHost();
  const input = newSiteInput.parse({
    siteTitle: title,
    email,
    password: PASSWORD,
    currency: 'USD',
    country: 'US',
    timeZone: 'America/New_York',
    starter: 'shop',
    hosts: [host],
  });
  const made = await createSite(app.database.db, input);
  if (!made.ok) throw new Error(made.message);
  const owner = new CookieJar(app, host);
  await owner.visit('/');
  const signIn = await owner.send('POST', '/api/site-users/account/session', { email, password: PASSWORD });
  if (signIn.statusCode !== 200) throw new Error(`sign-in on ${title}: ${signIn.statusCode} ${signIn.body}`);
  // Published, so visitors get pages rather than "coming soon".
  await owner.send('POST', '/api/studio/launch');
  return { site: made.site, host, owner };
}

function multipart(filename: string, body: Buffer) {
  const boundary = '----isolation-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * One app, two sites made from the same starter (so they share slugs, SKUs and form names),
 * each with its own owner. Site B then gets one of everything, each marked with MARK: a page,
 * a product title, an order (and its receipt), a cart, a library image, a form submission, a
 * review, a coupon, a tax rule, a contributor and an invitation, a reader on the default
 * mailing list, and a tracked page view.
 */
export async function twoSites(backend: Backend) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-isolation-'));
  // A demo site first: the database is never empty, so neither new site becomes the default.
  const base = await createTestSite(backend, { config: { dataDir } });
  const { app } = base;
  const a = await makeSite(app, 'Alpha Goods', 'owner@alpha.test');
  const b = await makeSite(app, `${MARK} Goods`, `owner@${MARK}.test`);
  const db = app.database.db;
  const bid = b.site.id;

  const page = (
    await b.owner.send('POST', '/api/studio/pages', { title: `${MARK} page`, kind: 'page' })
  ).json();
  const layout = {
    sections: [{ id: 's', blocks: [{ id: 'h', type: 'heading', props: { text: `${MARK} heading` } }] }],
  };
  await b.owner.send('POST', `/api/studio/pages/${page.id}/publish`, { layout });
  const revisions = (await b.owner.send('GET', `/api/studio/pages/${page.id}/layout`)).json();

  const blog = (
    await b.owner.send('POST', '/api/studio/pages', { title: `${MARK} journal`, kind: 'blog' })
  ).json();
  const post = (
    await b.owner.send('POST', `/api/studio/blogs/${blog.id}/posts`, { title: `${MARK} post` })
  ).json();

  const cup = (await b.owner.send('GET', '/shop/p/stoneware-cup?format=json')).json().item;
  await db
    .update(items)
    .set({ title: `${MARK} cup` })
    .where(eq(items.id, cup.id));

  // A buyer on B: cart, checkout, receipt in the outbox.
  const buyer = new CookieJar(app, b.host);
  await buyer.visit('/shop');
  const variant = cup.structuredContent.variants[0];
  await buyer.send('POST', '/api/commerce/shopping-cart/entries', {
    itemId: cup.id,
    sku: variant.sku,
    quantity: 1,
  });
  const cart = (await buyer.send('GET', '/api/commerce/shopping-cart')).json();
  const paid = await buyer.send('POST', '/api/commerce/checkout', {
    email: `buyer@${MARK}.test`,
    shippingAddress,
    shippingOptionId: cart.shippingOptions[0]?.id,
    payment: { provider: 'test', token: 'tok_visa' },
  });
  if (paid.statusCode !== 200) throw new Error(`checkout on B: ${paid.statusCode} ${paid.body}`);
  const { order, accessToken } = paid.json();
  // A second cart on B that stays open.
  const shopper = new CookieJar(app, b.host);
  await shopper.visit('/shop');
  await shopper.send('POST', '/api/commerce/shopping-cart/entries', {
    itemId: cup.id,
    sku: variant.sku,
    quantity: 2,
  });

  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c04' } })
    .png()
    .toBuffer();
  const file = multipart(`${MARK}.png`, png);
  const media = (
    await b.owner.send('POST', '/api/studio/media', file.payload, { 'content-type': file.type })
  ).json();

  const [form] = await db.select().from(forms).where(eq(forms.websiteId, bid));
  if (!form) throw new Error('B has no form');
  const [submission] = await db
    .insert(formSubmissions)
    .values({ websiteId: bid, formId: form.id, answers: { message: `${MARK} message` } })
    .returning();
  const [review] = await db
    .insert(productReviews)
    .values({
      websiteId: bid,
      productId: cup.id,
      rating: 5,
      body: `${MARK} review`,
      authorName: MARK,
      email: `r@${MARK}.test`,
    })
    .returning();
  const [coupon] = await db
    .insert(coupons)
    .values({ websiteId: bid, code: MARK.toUpperCase(), kind: 'PERCENTAGE', amount: 10 })
    .returning();
  const [tax] = await db
    .insert(taxRules)
    .values({ websiteId: bid, name: `${MARK} tax`, country: 'US', rateBasisPoints: 500 })
    .returning();
  const [contributor] = await db
    .insert(siteUsers)
    .values({
      websiteId: bid,
      email: `editor@${MARK}.test`,
      passwordHash: 'x',
      role: 'CONTRIBUTOR',
      contributorRole: 4,
    })
    .returning();
  const [invitation] = await db
    .insert(contributorInvitations)
    .values({
      websiteId: bid,
      email: `invited@${MARK}.test`,
      roleCode: 4,
      tokenHash: `${MARK}-hash`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();

  const { lists } = (await b.owner.send('GET', '/api/studio/marketing/lists')).json() as {
    lists: { id: string; isDefault: boolean }[];
  };
  const list = lists.find((l) => l.isDefault);
  if (!list) throw new Error('B has no default mailing list');
  const reader = await b.owner.send('POST', `/api/studio/marketing/lists/${list.id}/members`, {
    email: `reader@${MARK}.test`,
  });
  if (reader.statusCode !== 201) throw new Error(`list member on B: ${reader.statusCode} ${reader.body}`);

  await buyer.send(
    'POST',
    '/api/census/RecordHit',
    new URLSearchParams({
      event: 'View',
      ss_cvr: 'zq|1|1|1|1',
      data: JSON.stringify({ url: `https://${b.host}/${MARK}-path`, pageType: 2, clientDate: Date.now() }),
    }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  await app.trackingQueue.drain();

  const [receipt] = await db.select().from(emailOutbox).where(eq(emailOutbox.websiteId, bid));
  const [customer] = await listCustomers(db, bid, { sort: 'lastOrder', limit: 1 });
  const ids = {
    website: bid,
    blog: blog.id as string,
    post: (post.id ?? post.post?.id ?? '') as string,
    outbox: receipt?.id ?? '',
    submission: submission?.id ?? '',
    page: page.id as string,
    revision: (revisions.revisions?.[0]?.id ?? '') as string,
    product: cup.id as string,
    store: cup.collectionId as string,
    order: order.id as string,
    orderToken: accessToken as string,
    media: media.id as string,
    mediaUrl: media.assetUrl as string,
    form: form.id,
    review: review?.id ?? '',
    coupon: coupon?.id ?? '',
    shipping: cart.shippingOptions[0]?.id as string,
    tax: tax?.id ?? '',
    contributor: contributor?.id ?? '',
    invitation: invitation?.id ?? '',
    list: list.id,
    listMember: reader.json().member.id as string,
    cartToken: shopper.cookies.get('CART') ?? '',
    customer: customer?.id ?? '',
  };
  return {
    app,
    a,
    b,
    ids,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
