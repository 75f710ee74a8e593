import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index';
import { productReviews } from '../../src/db/schema/reviews';
import { ROUTE_CAPABILITIES } from '../../src/plugins/permissions';
import { todayIn } from '../../src/services/analytics/date-range';
import { backends } from '../helpers/test-db';
import { CookieJar } from './cookie-jar';
import { MARK, twoSites } from './two-sites';

type Env = Awaited<ReturnType<typeof twoSites>>;
type Ids = Env['ids'];

const leaked = (res: LightMyRequestResponse) => res.body.toLowerCase().includes(MARK);
const today = todayIn('America/New_York');

/** Owner routes that take an id, with the param filled in from site B's ids. */
function idFor(route: string, param: string, ids: Ids): string {
  const byParam: Record<string, string> = {
    itemId: ids.product,
    formId: ids.form,
    blogId: ids.blog,
    postId: ids.post,
    revisionId: ids.revision,
    reviewId: ids.review,
    websiteId: ids.website,
    collectionId: ids.store,
    customerId: ids.customer,
    listId: ids.list,
    memberId: ids.listMember,
  };
  if (param !== 'id') return byParam[param] ?? 'unknown';
  const byPath: [string, string][] = [
    ['/contributors/invitations/', ids.invitation],
    ['/contributors/', ids.contributor],
    ['/pages/', ids.page],
    ['/products/', ids.product],
    ['/media/', ids.media],
    ['/orders/', ids.order],
    ['/coupons/', ids.coupon],
    ['/shipping-options/', ids.shipping],
    ['/tax-rules/', ids.tax],
    ['/outbox/', ids.outbox],
  ];
  return byPath.find(([part]) => route.includes(part))?.[1] ?? 'unknown';
}

/** Routes naming a kind of thing rather than one of a site's records. */
const NOT_IDS = new Set(['namespace', 'kind']);
const ownerRoutes = Object.keys(ROUTE_CAPABILITIES).filter((key) =>
  [...key.matchAll(/:(\w+)/g)].some(([, name]) => !NOT_IDS.has(name ?? '')),
);

/** What B holds, digested: the sweep through A must leave every row as it was. */
async function snapshotOf(env: Env): Promise<string> {
  const db = env.app.database.db;
  const id = env.b.site.id;
  const tables = [
    schema.collections,
    schema.items,
    schema.variants,
    schema.orders,
    schema.forms,
    schema.formSubmissions,
    schema.mediaAssets,
    schema.coupons,
    schema.shippingOptions,
    schema.taxRules,
    schema.siteUsers,
    schema.contributorInvitations,
    productReviews,
    schema.pageSettings,
    schema.emailOutbox,
    schema.mailingLists,
    schema.listMembers,
  ] as const;
  const rows: unknown[] = [];
  for (const table of tables) {
    const all = await db.select().from(table).where(eq(table.websiteId, id));
    // Delivery bookkeeping of the outbox moves on its own; what the mail says must not.
    rows.push(
      all.map((r) => ('attempts' in r ? { ...r, attempts: 0, nextAttemptAt: null, lockedUntil: null } : r)),
    );
  }
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

describe.each(backends)('two sites on one deployment never see each other’s data (%s)', (backend) => {
  let env: Env;
  let before: string;
  let visitorA: CookieJar;
  beforeAll(async () => {
    env = await twoSites(backend);
    before = await snapshotOf(env);
    visitorA = new CookieJar(env.app, env.a.host);
  }, 120_000);
  afterAll(() => env?.close());

  it('B has its own data (the control for every check below)', async () => {
    const { b, ids } = env;
    const page = await new CookieJar(env.app, b.host).send('GET', `/${MARK}-page`);
    expect(page.statusCode).toBe(200);
    expect(leaked(page)).toBe(true);
    expect(leaked(await b.owner.send('GET', '/api/studio/media'))).toBe(true);
    expect((await b.owner.send('GET', `/api/commerce/orders/${ids.order}`)).statusCode).toBe(200);
    expect(ids.customer).toMatch(/^[0-9a-f]{32}$/);
    expect((await b.owner.send('GET', `/api/owner/customers/${ids.customer}`)).statusCode).toBe(200);
    expect((await b.owner.send('GET', ids.mediaUrl)).statusCode).toBe(200);
    expect(leaked(await b.owner.send('GET', `/api/owner/forms/${ids.form}/submissions`))).toBe(true);
    expect(leaked(await b.owner.send('GET', `/api/studio/marketing/lists/${ids.list}/members`))).toBe(true);
    const numbers = await b.owner.send('GET', `/api/analytics/summary?from=${today}&to=${today}`);
    expect(leaked(numbers)).toBe(true);
  });

  it('pages: B’s page is not on A’s host, and A’s pages, search and feeds show nothing of B', async () => {
    expect((await visitorA.send('GET', `/${MARK}-page`)).statusCode).toBe(404);
    for (const path of ['/', '/shop', '/about', '/sitemap.xml', '/?format=json']) {
      const res = await visitorA.send('GET', path);
      expect(leaked(res), path).toBe(false);
    }
    // Both shops sell a cup: A's search finds A's alone (the query itself is echoed, so it is not the mark).
    const found = (await visitorA.send('GET', '/search?q=cup&format=json')).json().searchResults;
    expect(found.length).toBeGreaterThan(0);
    expect(JSON.stringify(found).toLowerCase()).not.toContain(MARK);
  });

  it('products: B’s product is not on A’s shop, nor reachable by id through A', async () => {
    const { a, ids } = env;
    expect(leaked(await visitorA.send('GET', '/shop?format=json'))).toBe(false);
    expect(leaked(await a.owner.send('GET', '/api/studio/products'))).toBe(false);
    expect((await a.owner.send('GET', `/api/studio/products/${ids.product}`)).statusCode).toBe(404);
    const add = await visitorA.send('POST', '/api/commerce/shopping-cart/entries', {
      itemId: ids.product,
      sku: 'CUP-1',
      quantity: 1,
    });
    expect(add.statusCode).toBeGreaterThanOrEqual(400);
    expect(leaked(add)).toBe(false);
  });

  it('carts: B’s cart cookie opens no cart of B’s on A’s host', async () => {
    const stranger = new CookieJar(env.app, env.a.host);
    stranger.cookies.set('CART', env.ids.cartToken);
    const cart = await stranger.send('GET', '/api/commerce/shopping-cart');
    expect(leaked(cart)).toBe(false);
    expect(cart.json().entries ?? []).toEqual([]);
  });

  it('orders: A’s owner lists none of B’s, and B’s order is 404 on A by id or by its token', async () => {
    const { a, ids } = env;
    expect(leaked(await a.owner.send('GET', '/api/commerce/orders'))).toBe(false);
    expect((await a.owner.send('GET', `/api/commerce/orders/${ids.order}`)).statusCode).toBe(404);
    const byToken = await visitorA.send('GET', `/api/commerce/orders/${ids.order}?token=${ids.orderToken}`);
    expect(byToken.statusCode).toBe(404);
    expect(leaked(await a.owner.send('GET', '/api/owner/outbox'))).toBe(false);
  });

  it('media: A’s library lacks B’s upload, and B’s file is not served on A’s host', async () => {
    const { a, ids } = env;
    expect(leaked(await a.owner.send('GET', '/api/studio/media'))).toBe(false);
    expect((await visitorA.send('GET', ids.mediaUrl)).statusCode).toBe(404);
    expect((await visitorA.send('GET', `${ids.mediaUrl}?format=100w`)).statusCode).toBe(404);
  });

  it('forms: A cannot submit to B’s form nor read its submissions', async () => {
    const { a, ids } = env;
    const key = (await visitorA.send('POST', '/api/form/FormSubmissionKey')).json().key;
    const sent = await visitorA.send('POST', '/api/form/SaveFormSubmission', {
      formId: ids.form,
      form: JSON.stringify({ message: 'hello' }),
      key,
    });
    expect(sent.statusCode).toBe(404);
    expect((await a.owner.send('GET', `/api/owner/forms/${ids.form}/submissions`)).statusCode).toBe(404);
    expect(leaked(await a.owner.send('GET', '/api/studio/forms'))).toBe(false);
  });

  it('mailing lists: A’s owner reads none of B’s members, and B’s list and its export are 404 through A', async () => {
    const { a, ids } = env;
    expect(leaked(await a.owner.send('GET', '/api/studio/marketing/lists'))).toBe(false);
    const members = await a.owner.send('GET', `/api/studio/marketing/lists/${ids.list}/members`);
    expect(members.statusCode).toBe(404);
    expect(leaked(members)).toBe(false);
    const csv = await a.owner.send('GET', `/api/studio/marketing/lists/${ids.list}/export.csv`);
    expect(csv.statusCode).toBe(404);
    expect(leaked(csv)).toBe(false);
  });

  it('analytics: A’s numbers count nothing of B’s', async () => {
    const res = await env.a.owner.send('GET', `/api/analytics/summary?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(leaked(res)).toBe(false);
    expect(res.json().pageViews).toBe(0);
  });

  it('the owner API: A’s session means nothing on B’s host, nor B’s on A’s', async () => {
    for (const [from, to] of [
      [env.a, env.b],
      [env.b, env.a],
    ] as const) {
      const borrowed = new CookieJar(env.app, to.host);
      for (const [k, v] of from.owner.cookies) borrowed.cookies.set(k, v);
      expect((await borrowed.send('GET', '/api/studio/session')).statusCode).toBe(401);
      expect((await borrowed.send('GET', '/api/studio/products')).statusCode).toBe(401);
    }
  });

  it.each(ownerRoutes)('%s with B’s ids through A’s host answers nothing of B’s', async (key) => {
    const [method = 'GET', pattern = ''] = key.split(' ');
    const url = pattern.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(idFor(pattern, name, env.ids)),
    );
    // Bodies where the route needs one before it looks anything up.
    const bodies: Record<string, unknown> = {
      'DELETE /api/owner/forms/:formId/submissions': { ids: [env.ids.submission] },
    };
    const body = bodies[key] ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
    const res = await env.a.owner.send(method as 'GET', url, body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(leaked(res), res.body).toBe(false);
    if (method === 'GET' || method === 'DELETE') expect([403, 404], res.body).toContain(res.statusCode);
  });

  it('left every row of B as it was', async () => {
    expect(await snapshotOf(env)).toBe(before);
  });
});
