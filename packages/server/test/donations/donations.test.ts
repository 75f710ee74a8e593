import { DONATION_MESSAGES } from '@store/commerce';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, emailOutbox, subscriptions, websites } from '../../src/db/schema/index';
import { donationTermsForLine, recordDonationRenewal } from '../../src/services/donations/donation-terms';
import { cartTokenFrom } from '../helpers/shop';
import { present } from '../helpers/present';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { ownerClient } from '../studio/studio-helpers';

const donationBlock = (id: string, props: Record<string, unknown> = {}) => ({
  id,
  type: 'donation',
  props: {
    heading: 'Keep the library open',
    suggestedAmounts: [1000, 2500],
    allowCustom: true,
    minAmount: 500,
    maxAmount: 50000,
    allowOnce: true,
    allowMonthly: true,
    allowYearly: false,
    ...props,
  },
});

/** A published page holding the given donation blocks. */
async function publishDonationPage(site: TestSite, title: string, blocks: unknown[]) {
  const { call } = await ownerClient(site);
  const created = await call('POST', '/api/studio/pages', { title });
  expect(created.statusCode, created.body).toBeLessThan(300);
  const published = await call('POST', `/api/studio/pages/${created.json().id}/publish`, {
    layout: { sections: [{ id: 's1', blocks }] },
  });
  expect(published.statusCode, published.body).toBe(200);
}

const give = (site: TestSite, payload: Record<string, unknown>, cart?: string) =>
  site.request({
    method: 'POST',
    url: '/api/donations',
    payload,
    ...(cart ? { cookies: { CART: cart } } : {}),
  });

const pay = (site: TestSite, cart: string, email = 'donor@example.com') =>
  site.request({
    method: 'POST',
    url: '/api/commerce/checkout',
    cookies: { CART: cart },
    payload: { email, payment: { token: 'tok_visa' } },
  });

describe.each(backends)('donations on %s', { timeout: 120_000 }, (backend) => {
  let site: TestSite;
  let other: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    await publishDonationPage(site, 'Give', [donationBlock('give-usd')]);
    await publishDonationPage(other, 'Other give', [donationBlock('other-site-campaign')]);
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  it('reads a published form; another site’s form is not found here', async () => {
    const res = await site.request({ method: 'GET', url: '/api/donations/campaigns/give-usd' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'give-usd',
      currency: 'USD',
      suggestedAmounts: [1000, 2500],
      minMinor: 500,
      maxMinor: 50000,
      frequencies: ['once', 'monthly'],
    });
    const foreign = await site.request({
      method: 'GET',
      url: '/api/donations/campaigns/other-site-campaign',
    });
    expect(foreign.statusCode).toBe(404);
    const given = await give(site, { campaignId: 'other-site-campaign', amount: '20' });
    expect(given.statusCode).toBe(404);
    expect(given.json().reason).toBe('DONATION_CAMPAIGN_NOT_FOUND');
  });

  it.each([
    ['below the minimum', '2', DONATION_MESSAGES.amountBelowMin.replace('{min}', '$5.00')],
    ['above the maximum', '501', DONATION_MESSAGES.amountAboveMax.replace('{max}', '$500.00')],
    ['not a number', 'ten', DONATION_MESSAGES.amountNotANumber.replace('{example}', '25.00')],
    ['zero', '0', DONATION_MESSAGES.amountNotPositive],
    ['negative', '-5', DONATION_MESSAGES.amountNotPositive],
    [
      'too many decimals',
      '12.345',
      DONATION_MESSAGES.amountTooPrecise.replace('{currency}', 'USD').replace('{digits}', '2'),
    ],
    ['missing', '', DONATION_MESSAGES.amountMissing],
  ])('refuses an amount %s (400, the shared message)', async (_what, amount, message) => {
    const res = await give(site, { campaignId: 'give-usd', amount });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().reason).toBe('DONATION_AMOUNT_INVALID');
    expect(res.json().errors.amount).toBe(message);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses a frequency the form does not offer, and a price named by the browser', async () => {
    const yearly = await give(site, { campaignId: 'give-usd', amount: '20', frequency: 'yearly' });
    expect(yearly.statusCode).toBe(400);
    expect(yearly.json().reason).toBe('DONATION_FREQUENCY_UNAVAILABLE');
    const priced = await give(site, { campaignId: 'give-usd', amount: '20', unitPriceCents: 1 });
    expect(priced.statusCode).toBe(400);
  });

  it('a fractional JPY amount is refused; a whole one is taken in yen', async () => {
    const { db } = await testDatabase(backend);
    const yen = await createTestSite(backend);
    try {
      await db.update(websites).set({ currency: 'JPY' }).where(eq(websites.id, yen.websiteId));
      await publishDonationPage(yen, 'Kifu', [
        donationBlock('give-jpy', { suggestedAmounts: [1000], minAmount: 500, maxAmount: 100000 }),
      ]);
      const fractional = await give(yen, { campaignId: 'give-jpy', amount: '1500.5' });
      expect(fractional.statusCode).toBe(400);
      expect(fractional.json().errors.amount).toBe(
        DONATION_MESSAGES.amountWholeOnly.replace('{currency}', 'JPY'),
      );
      const whole = await give(yen, { campaignId: 'give-jpy', amount: '1500' });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(whole.json().amountMinor).toBe(1500);
    } finally {
      await yen.app.close();
    }
  });

  it('a custom amount is charged as checked; the receipt is queued once; sales leave it out', async () => {
    const { db } = await testDatabase(backend);
    const { call } = await ownerClient(site);
    await call('PUT', '/api/studio/donations/settings', {
      organisationName: 'Friends of the Library',
      receiptNote: 'No goods or services were provided in exchange for this gift.',
    });
    const before = (await call('GET', '/api/analytics/summary?days=7')).json();
    const given = await give(site, { campaignId: 'give-usd', amount: '42.50', frequency: 'once' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ amountMinor: 4250, frequency: 'once', checkoutPath: '/checkout' });
    const cart = present(cartTokenFrom(given), 'cart token');
    // Asked again with another amount: the line is replaced, not doubled.
    const again = await give(site, { campaignId: 'give-usd', amount: '43' }, cart);
    expect(again.statusCode).toBe(200);
    const view = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: cart } })
    ).json();
    expect(view.entries).toHaveLength(1);
    expect(view.grandTotalCents).toBe(4300);
    expect(view.requiresShipping).toBe(false);
    // The amount was checked against the block's limits: the line cannot be multiplied past them.
    const more = await site.request({
      method: 'PATCH',
      url: `/api/commerce/shopping-cart/entries/${view.entries[0].id}`,
      cookies: { CART: cart },
      payload: { quantity: 50 },
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().shoppingCart.entries[0].quantity).toBe(1);
    expect(more.json().shoppingCart.grandTotalCents).toBe(4300);

    const placed = await pay(site, cart);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order.id as string;
    expect(placed.json().confirmationUrl).toMatch(/^\/donate\/thank-you\?orderId=/);
    const rows = await db.select().from(donations).where(eq(donations.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountMinor: 4300,
      currency: 'USD',
      frequency: 'once',
      campaignId: 'give-usd',
    });
    expect(rows[0]?.campaignTitle).toBe('Keep the library open');

    // The thank-you page's summary, only with the order's token.
    const token = new URL(placed.json().confirmationUrl, 'http://x').searchParams.get('token');
    const thanks = await site.request({
      method: 'GET',
      url: `/api/donations/orders/${orderId}?token=${token}`,
    });
    expect(thanks.statusCode, thanks.body).toBe(200);
    expect(thanks.json()).toMatchObject({ totalMinor: 4300, organisationName: 'Friends of the Library' });
    const wrong = await site.request({ method: 'GET', url: `/api/donations/orders/${orderId}?token=nope` });
    expect(wrong.statusCode).toBe(404);
    // The pages themselves: donate (203) and contribution confirmed (204), spec §2 codes.
    const donatePage = await site.request({ method: 'GET', url: '/donate?campaign=give-usd&format=json' });
    expect(donatePage.statusCode, donatePage.body).toBe(200);
    expect(donatePage.json().pageType).toBe(203);
    const thanksPage = await site.request({
      method: 'GET',
      url: `${placed.json().confirmationUrl}&format=json`,
    });
    expect(thanksPage.statusCode, thanksPage.body).toBe(200);
    expect(thanksPage.json().pageType).toBe(204);

    const receipts = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'donation-receipt')));
    const mine = receipts.filter((m) =>
      m.textBody.includes(`Receipt number: ${placed.json().order.orderNumber}`),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]?.subject).toBe('Thank you for your donation');
    expect(mine[0]?.textBody).toContain('Amount: $43.00');
    expect(mine[0]?.textBody).toContain('Organisation: Friends of the Library');
    expect(mine[0]?.textBody).toContain('No goods or services were provided');

    // A retried checkout (same cart) answers the same order and queues nothing more.
    const retried = await pay(site, cart);
    expect([200, 409, 400]).toContain(retried.statusCode);
    const after = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'donation-receipt')));
    expect(after).toHaveLength(receipts.length);

    // The owner's numbers: a donation figure, sales without it.
    const summary = (await call('GET', '/api/analytics/summary?days=7')).json();
    const usd = (list: { currency: string }[]) =>
      list.find((r) => r.currency === 'USD') as Record<string, number> | undefined;
    expect(usd(summary.revenue)?.grandTotalCents ?? 0).toBe(usd(before.revenue)?.grandTotalCents ?? 0);
    expect(usd(summary.revenue)?.orders ?? 0).toBe(usd(before.revenue)?.orders ?? 0);
    expect((usd(summary.donations)?.totalMinor ?? 0) - (usd(before.donations)?.totalMinor ?? 0)).toBe(4300);
    const screen = (await call('GET', '/api/studio/donations')).json();
    expect(screen.donations[0]).toMatchObject({
      orderId,
      amountMinor: 4300,
      donorEmail: 'donor@example.com',
    });
    expect(
      screen.totals.find((t: { currency: string }) => t.currency === 'USD').count,
    ).toBeGreaterThanOrEqual(1);
    // The orders list marks it.
    const listed = (await call('GET', '/api/commerce/orders')).json();
    const entry = (listed.orders ?? listed.items ?? []).find((o: { id: string }) => o.id === orderId);
    if (entry && 'donation' in entry) expect(entry.donation).toBe(true);
  });

  it('a monthly donation line renews as a donation; a renewal is recorded with its own receipt', async () => {
    const { db } = await testDatabase(backend);
    const given = await give(site, { campaignId: 'give-usd', amount: '25', frequency: 'monthly' });
    expect(given.statusCode, given.body).toBe(200);
    const cart = present(cartTokenFrom(given), 'cart token');
    const placed = await pay(site, cart, 'monthly@example.com');
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    const line = order.items[0];
    const terms = await donationTermsForLine(db, site.websiteId, {
      itemId: line.itemId,
      sku: line.sku,
      additionalFields: line.additionalFields,
      unitPriceCents: line.unitPriceCents,
    });
    expect(terms).toEqual({
      kind: 'donation',
      periodUnit: 'MONTH',
      periodValue: 1,
      numBillingCycles: 0,
      trialDays: 0,
    });
    expect(
      await donationTermsForLine(db, site.websiteId, {
        itemId: line.itemId,
        sku: 'TEE-NAV-M',
        additionalFields: null,
      }),
    ).toBeNull();
    const [first] = await db.select().from(donations).where(eq(donations.orderId, order.id));
    expect(first?.frequency).toBe('monthly');

    // Checkout started the renewals: a subscription of kind donation, monthly, at the amount given.
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.websiteId, site.websiteId), eq(subscriptions.firstOrderId, order.id)));
    expect(subscription).toMatchObject({ kind: 'donation', periodUnit: 'MONTH', unitPriceCents: 2500 });
    const subscriptionId = present(subscription, 'subscription').id;
    // A renewal's order, recorded as a donation (twice asked, once recorded and mailed).
    const renewalOrder = await copyOrder(db, order.id);
    await db.transaction((tx) =>
      recordDonationRenewal(tx, { websiteId: site.websiteId, subscriptionId, orderId: renewalOrder }),
    );
    await db.transaction((tx) =>
      recordDonationRenewal(tx, { websiteId: site.websiteId, subscriptionId, orderId: renewalOrder }),
    );
    const [renewal] = await db.select().from(donations).where(eq(donations.orderId, renewalOrder));
    expect(renewal).toMatchObject({
      renewal: true,
      subscriptionId,
      amountMinor: 2500,
      campaignId: 'give-usd',
    });
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'donation-receipt'), eq(emailOutbox.toAddress, 'monthly@example.com')));
    expect(mails).toHaveLength(2);
    const { call } = await ownerClient(site);
    const summary = (await call('GET', '/api/analytics/summary?days=7')).json();
    expect(
      summary.donations.find((d: { currency: string }) => d.currency === 'USD').recurringDonors,
    ).toBeGreaterThanOrEqual(1);
  });
});

type Db = Awaited<ReturnType<typeof testDatabase>>['db'];

async function copyOrder(db: Db, orderId: string): Promise<string> {
  const { sql } = await import('drizzle-orm');
  const result = await db.execute(
    sql`insert into orders (website_id, purchased_cart_id, access_token, site_user_id, email, test_mode, status, currency,
          subtotal_cents, grand_total_cents, payment_provider, payment_reference, paid_at)
        select website_id, gen_random_uuid()::text, 'renewal-token', site_user_id, email, test_mode, 'PAID', currency,
          subtotal_cents, grand_total_cents, payment_provider, 'renewal', now()
        from orders where id = ${orderId}
        returning id`,
  );
  return String((result as unknown as { rows: { id: string }[] }).rows[0]?.id);
}
