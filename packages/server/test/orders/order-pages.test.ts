import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { emailOutbox, orderReviewRequests, orders, siteUsers } from '../../src/db/schema/index';
import { productReviews } from '../../src/db/schema/reviews';
import { reviewToken, sendDueReviewRequests } from '../../src/services/orders/review-requests';
import { createTestPaymentProvider } from '../../src/services/payments/test-payment-provider';
import { contributorSession } from '../contributors/contributor-helpers';
import { demoProduct } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { DEMO_CUSTOMER } from '../../src/services/site-users/demo-accounts';
import { orderAction, ownerCookies, placedOrder } from './orders-helpers';
import { inject } from 'vitest';

const DAY = 24 * 3600 * 1000;

const pageOf = async (site: TestSite, url: string, cookies: Record<string, string> = {}) => {
  const res = await site.request({ method: 'GET', url, cookies });
  return { status: res.statusCode, body: res.body, json: () => res.json() };
};
const pageType = async (site: TestSite, url: string, cookies: Record<string, string> = {}) => {
  const sep = url.includes('?') ? '&' : '?';
  const res = await site.request({ method: 'GET', url: `${url}${sep}format=json`, cookies });
  return { status: res.statusCode, pageType: res.json().pageType as number, context: res.json() };
};

/** Put the order's fulfilment `days` back, as if the delay had passed (the job reads the real clock). */
async function fulfilledDaysAgo(site: TestSite, orderId: string, days: number) {
  await site.app.database.db
    .update(orderReviewRequests)
    .set({ fulfilledAt: new Date(Date.now() - days * DAY) })
    .where(eq(orderReviewRequests.orderId, orderId));
}

async function reviewMails(site: TestSite) {
  return site.app.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'order-review-request')));
}

describe.each(backends)(
  'order received (207) and order status (211) on %s',
  { timeout: 60_000 },
  (backend) => {
    let site: TestSite;
    let other: TestSite;
    let owner: Record<string, string>;
    beforeAll(async () => {
      site = await createTestSite(backend, {
        appOptions: { payments: createTestPaymentProvider({ capture: 'manual' }) },
      });
      other = await createTestSite(backend);
      owner = await ownerCookies(site);
    }, 120_000);
    afterAll(async () => {
      await site.app.close();
      await other.app.close();
    });

    it('sends an authorised, not yet captured order to "order received", then its status once paid', async () => {
      const res = await (await import('./orders-helpers')).buyTee(site);
      expect(res.statusCode).toBe(200);
      const { order, accessToken, confirmationUrl } = res.json();
      expect(order.status).toBe('PENDING');
      expect(confirmationUrl).toBe(`/commerce/orders/${order.id}?token=${accessToken}`);
      const received = await pageType(site, confirmationUrl);
      expect(received).toMatchObject({ status: 200, pageType: 207 });
      const html = await pageOf(site, confirmationUrl);
      expect(html.body).toContain('payment is pending');
      expect(html.body).toContain('data-view="received"');

      expect((await orderAction(site, owner, order.id, 'capture')).statusCode).toBe(200);
      expect(await pageType(site, confirmationUrl)).toMatchObject({ status: 200, pageType: 211 });
    });

    it('a paid order still goes to "order confirmed" (202)', async () => {
      const res = await (await import('./orders-helpers')).buyTee(other);
      expect(res.json().confirmationUrl).toMatch(/^\/checkout\/order-confirmed\?orderId=/);
    });

    it('shows the link only to its holder or the customer who owns the order: 404 for anyone else', async () => {
      const { id, accessToken } = await placedOrder(site);
      expect((await pageOf(site, `/commerce/orders/${id}`)).status).toBe(404);
      expect((await pageOf(site, `/commerce/orders/${id}?token=wrong`)).status).toBe(404);
      expect((await pageOf(site, `/commerce/orders/${id}?token=${accessToken}x`)).status).toBe(404);
      // Another site's order, even with its right token, is not this site's page.
      expect((await pageOf(other, `/commerce/orders/${id}?token=${accessToken}`)).status).toBe(404);
      const api = await other.request({
        method: 'GET',
        url: `/api/commerce/orders/${id}?token=${accessToken}`,
      });
      expect(api.statusCode).toBe(404);
      // The not-found answer is not kept for the right link (the page cache never sees these paths).
      expect((await pageOf(site, `/commerce/orders/${id}?token=${accessToken}`)).status).toBe(200);

      // The signed-in customer whose order it is reads it without the token; another account does not.
      const customer = await sessionOf(site, 'customer');
      const [me] = await site.app.database.db
        .select({ id: siteUsers.id })
        .from(siteUsers)
        .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.email, DEMO_CUSTOMER.email)));
      await site.app.database.db.update(orders).set({ siteUserId: me?.id }).where(eq(orders.id, id));
      const cookies = { siteUserSession: customer };
      expect((await pageType(site, `/commerce/orders/${id}`, cookies)).pageType).toBe(207);
      const read = await site.request({ method: 'GET', url: `/api/commerce/orders/${id}`, cookies });
      expect(read.statusCode).toBe(200);
      expect(read.json().order.id).toBe(id);
      const stranger = await contributorSession(backend, site, 7);
      expect(
        (await pageOf(site, `/commerce/orders/${id}`, { siteUserSession: stranger.cookie })).status,
      ).toBe(404);
    });

    it('shows tracking, refunds and where the order stands on the status link; the shipped mail carries the tracking', async () => {
      const { id, accessToken } = await placedOrder(site);
      await orderAction(site, owner, id, 'capture');
      const fulfilled = await orderAction(site, owner, id, 'fulfill', {
        trackingNumber: '1Z999AA10123456784',
        carrier: 'UPS',
      });
      expect(fulfilled.statusCode).toBe(200);
      const refunded = await orderAction(site, owner, id, 'refund', { amountCents: 500 });
      expect(refunded.statusCode).toBe(200);

      const res = await site.request({
        method: 'GET',
        url: `/api/commerce/orders/${id}?token=${accessToken}`,
      });
      expect(res.statusCode).toBe(200);
      const view = res.json().order;
      expect(view).toMatchObject({
        status: 'FULFILLED',
        trackingNumber: '1Z999AA10123456784',
        trackingCarrier: 'UPS',
        fulfilledAt: expect.any(Number),
        paidAt: expect.any(Number),
        refundedCents: 500,
        refunds: [{ amountCents: 500, createdOn: expect.any(Number) }],
      });
      // The buyer's view carries no owner-only fields.
      expect(view.events).toBeUndefined();
      expect(view.couponCode).toBeUndefined();
      expect(await pageType(site, `/commerce/orders/${id}?token=${accessToken}`)).toMatchObject({
        pageType: 211,
      });

      const shipped = await site.app.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'order-shipped')));
      const mail = shipped.find((m) => m.textBody.includes(`/commerce/orders/${id}?token=`));
      expect(mail?.textBody).toContain('Tracking number: 1Z999AA10123456784 (UPS)');
    });

    it('lists the digital items’ download links on the status page', async () => {
      const presets = await demoProduct(other, 'lightroom-presets');
      const { addToCart, cartTokenFrom } = await import('../helpers/shop');
      const added = await addToCart(other, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
      const cart = { CART: cartTokenFrom(added) ?? '' };
      const placed = await other.request({
        method: 'POST',
        url: '/api/commerce/checkout',
        cookies: cart,
        payload: { email: 'digital@example.com', payment: { token: 'tok_visa' } },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const { order, accessToken } = placed.json();
      const res = await other.request({
        method: 'GET',
        url: `/api/commerce/orders/${order.id}?token=${accessToken}`,
      });
      const downloads = res.json().order.downloads;
      // The demo's digital product has its file only when the demo seeds one (no file: no link).
      expect(Array.isArray(downloads)).toBe(true);
      for (const d of downloads) expect(d.url).toMatch(/\/downloads\/[^?]+\?expires=\d+&sig=/);
    });
  },
);

describe.each(backends)('the reviews request (209) on %s', { timeout: 60_000 }, (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await ownerCookies(site);
  });
  afterAll(() => site.app.close());

  async function fulfilledOrder() {
    const placed = await placedOrder(site, { email: 'rater@example.com' });
    const res = await orderAction(site, owner, placed.id, 'fulfill', { trackingNumber: 'TRK-1' });
    expect(res.statusCode).toBe(200);
    return placed;
  }

  it('queues one mail per order after the delay, exactly once with two app instances on the database', async () => {
    const first = await fulfilledOrder();
    const second = await fulfilledOrder();
    // Not due yet: 7 days by default.
    await fulfilledDaysAgo(site, first.id, 6);
    await sendDueReviewRequests(site.app.database.db);
    expect(await reviewMails(site)).toHaveLength(0);

    await fulfilledDaysAgo(site, first.id, 8);
    await fulfilledDaysAgo(site, second.id, 8);
    // A second app on the same database (its own connection pool on PostgreSQL), both running the job at once.
    const secondHandle: DatabaseHandle | null =
      backend === 'postgres' ? await openDatabase({ databaseUrl: inject('postgresUrl'), poolSize: 5 }) : null;
    const database = secondHandle ?? (await testDatabase(backend));
    const twin = await buildApp({
      database,
      logger: false,
      config: {
        dataDir: '/nonexistent',
        databaseUrl: undefined,
        logLevel: 'silent',
        smtpUrl: undefined,
        natsUrl: undefined,
        seedDemo: false,
        cartWritesPer10s: 100,
      },
    });
    try {
      await Promise.all([
        sendDueReviewRequests(site.app.database.db),
        sendDueReviewRequests(twin.database.db),
        sendDueReviewRequests(site.app.database.db),
        sendDueReviewRequests(twin.database.db),
      ]);
      await sendDueReviewRequests(twin.database.db);
    } finally {
      await twin.close();
      await secondHandle?.close?.();
    }
    const mails = await reviewMails(site);
    expect(mails).toHaveLength(2);
    for (const order of [first, second]) {
      const mine = mails.filter((m) => m.textBody.includes(`/commerce/reviews/${order.id}.`));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.toAddress).toBe('rater@example.com');
    }
  });

  it('sends nothing when the store turns it off, and follows the store’s delay', async () => {
    const settings = (method: 'GET' | 'PUT', payload?: Record<string, unknown>) =>
      site.request({
        method,
        url: '/api/commerce/review-requests/settings',
        cookies: owner,
        ...(payload ? { payload } : {}),
      });
    expect((await settings('GET')).json()).toEqual({ enabled: true, delayDays: 7 });
    expect((await settings('PUT', { delayDays: 91 })).statusCode).toBe(400);
    expect((await settings('PUT', { delayDays: 2 })).json()).toEqual({ enabled: true, delayDays: 2 });
    const before = (await reviewMails(site)).length;
    const soon = await fulfilledOrder();
    await fulfilledDaysAgo(site, soon.id, 3);
    await sendDueReviewRequests(site.app.database.db);
    expect(await reviewMails(site)).toHaveLength(before + 1);

    expect((await settings('PUT', { enabled: false })).json()).toEqual({ enabled: false, delayDays: 2 });
    const off = await fulfilledOrder();
    await fulfilledDaysAgo(site, off.id, 3);
    await sendDueReviewRequests(site.app.database.db);
    expect(await reviewMails(site)).toHaveLength(before + 1);
    // Turned on again later: the order passed over while it was off is not written to.
    await settings('PUT', { enabled: true, delayDays: 7 });
    await sendDueReviewRequests(site.app.database.db);
    expect(await reviewMails(site)).toHaveLength(before + 1);
    // Contributors without reviews rights cannot change it.
    const editor = await contributorSession(backend, site, 4);
    const denied = await site.request({
      method: 'PUT',
      url: '/api/commerce/review-requests/settings',
      cookies: { siteUserSession: editor.cookie },
      payload: { enabled: false },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('rates each item from the signed link: reviews held for moderation, no duplicate on a second submit', async () => {
    const order = await fulfilledOrder();
    const token = await reviewToken(site.app.database.db, order.id);
    const page = await pageType(site, `/commerce/reviews/${token}`);
    expect(page.status).toBe(200);
    expect(page.pageType).toBe(209);
    const items = page.context.reviewRequest.items as { itemId: string; reviewed: boolean }[];
    expect(items.length).toBeGreaterThan(0);
    const itemId = items[0]?.itemId ?? '';

    const submit = (body: Record<string, unknown>) =>
      site.request({ method: 'POST', url: `/api/commerce/review-requests/${token}`, payload: body });
    const answer = {
      authorName: 'Rita',
      reviews: [{ itemId, rating: 4, title: 'Soft', body: 'Fits well.' }],
    };
    const firstTry = await submit(answer);
    expect(firstTry.statusCode, firstTry.body).toBe(200);
    expect(firstTry.json()).toEqual({ saved: [itemId], alreadyReviewed: [] });
    const [again, alsoAgain] = await Promise.all([submit(answer), submit(answer)]);
    expect(again?.json()).toEqual({ saved: [], alreadyReviewed: [itemId] });
    expect(alsoAgain?.json()).toEqual({ saved: [], alreadyReviewed: [itemId] });
    const reviews = await site.app.database.db
      .select()
      .from(productReviews)
      .where(
        and(
          eq(productReviews.websiteId, site.websiteId),
          eq(productReviews.productId, itemId),
          eq(productReviews.title, 'Soft'),
        ),
      );
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({
      rating: 4,
      status: 'PENDING',
      verifiedBuyer: true,
      email: 'rater@example.com',
    });
    // The owner's moderation list has it.
    const list = await site.request({
      method: 'GET',
      url: '/api/owner/reviews?status=PENDING',
      cookies: owner,
    });
    expect(list.json().reviews.map((r: { title: string }) => r.title)).toContain('Soft');
    // The page now says it is reviewed.
    const after = await pageType(site, `/commerce/reviews/${token}`);
    expect(after.context.reviewRequest.items[0].reviewed).toBe(true);

    // An item that is not in the order, and a bad rating, are refused (400).
    expect(
      (await submit({ ...answer, reviews: [{ ...answer.reviews[0], itemId: 'not-ordered' }] })).statusCode,
    ).toBe(400);
    expect((await submit({ ...answer, reviews: [{ ...answer.reviews[0], rating: 6 }] })).statusCode).toBe(
      400,
    );
  });

  it('answers a bad, forged or another site’s token with the 404 page, never a 500', async () => {
    const order = await fulfilledOrder();
    const token = await reviewToken(site.app.database.db, order.id);
    const forged = `${order.id}.${'A'.repeat(43)}`;
    // A broken escape is refused at the edge (400), before any page: still no 500.
    expect((await pageOf(site, '/commerce/reviews/%E0%A4%A')).status).toBe(400);
    for (const bad of ['nonsense', forged, `${token}x`, 'a.b.c', encodeURIComponent('<script>')]) {
      const res = await pageOf(site, `/commerce/reviews/${bad}`);
      expect(res.status, bad).toBe(404);
      const api = await site.request({
        method: 'GET',
        url: `/api/commerce/review-requests/${encodeURIComponent(bad)}`,
      });
      expect(api.statusCode, bad).toBe(404);
    }
    const post = await site.request({
      method: 'POST',
      url: `/api/commerce/review-requests/${forged}`,
      payload: { authorName: 'X', reviews: [{ itemId: 'x', rating: 5, body: 'y' }] },
    });
    expect(post.statusCode).toBe(404);
    // The right token on another site: that site has no such order.
    const elsewhere = await createTestSite(backend);
    try {
      expect((await pageOf(elsewhere, `/commerce/reviews/${token}`)).status).toBe(404);
    } finally {
      await elsewhere.app.close();
    }
    // A refunded order is no longer reviewed.
    await orderAction(site, owner, order.id, 'refund');
    expect((await pageOf(site, `/commerce/reviews/${token}`)).status).toBe(404);
  });
});

describe.each(backends)('the digital product preview (210) on %s', (backend) => {
  let site: TestSite;
  let presetsId: string;
  beforeAll(async () => {
    site = await createTestSite(backend);
    presetsId = (await demoProduct(site, 'lightroom-presets')).id;
  });
  afterAll(() => site.app.close());

  const countOrders = async () =>
    Number(
      (
        await site.app.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(eq(orders.websiteId, site.websiteId))
      )[0]?.n,
    );

  it('shows the owner what a buyer receives, without placing an order or sending mail', async () => {
    const owner = await ownerCookies(site);
    const ordersBefore = await countOrders();
    const page = await pageType(site, `/commerce/digital-preview?productId=${presetsId}`, owner);
    expect(page).toMatchObject({ status: 200, pageType: 210 });
    const preview = page.context.digitalPreview.preview;
    expect(preview.product).toMatchObject({ itemId: presetsId, title: 'Lightroom Presets' });
    expect(preview.mail.text).toContain('Lightroom Presets');
    expect(preview.mail.subject).toContain('Your order');
    const html = await pageOf(site, `/commerce/digital-preview?productId=${presetsId}`, owner);
    expect(html.body).toContain('In the receipt mail');
    expect(await countOrders()).toBe(ordersBefore);
    const mail = await site.app.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.websiteId, site.websiteId));
    expect(mail.filter((m) => m.kind === 'order-receipt')).toHaveLength(0);
    // A product that is not digital is not previewed (the page offers the digital ones).
    const tee = await demoProduct(site, 'classic-tee');
    const api = await site.request({
      method: 'GET',
      url: `/api/commerce/digital-preview/${tee.id}`,
      cookies: owner,
    });
    expect(api.statusCode).toBe(404);
  });

  it('is only for the owner, admins and store managers: everyone else gets the 404 page', async () => {
    const url = `/commerce/digital-preview?productId=${presetsId}`;
    expect((await pageOf(site, url)).status).toBe(404);
    const customer = await sessionOf(site, 'customer');
    expect((await pageOf(site, url, { siteUserSession: customer })).status).toBe(404);
    for (const [role, allowed] of [
      [1, true],
      [8, true],
      [4, false],
      [10, false],
      [6, false],
    ] as const) {
      const who = await contributorSession(backend, site, role);
      const page = await pageOf(site, url, { siteUserSession: who.cookie });
      expect(page.status, `role ${role}`).toBe(allowed ? 200 : 404);
      const api = await site.request({
        method: 'GET',
        url: `/api/commerce/digital-preview/${presetsId}`,
        cookies: { siteUserSession: who.cookie },
      });
      expect(api.statusCode, `role ${role}`).toBe(allowed ? 200 : 403);
    }
  });
});
