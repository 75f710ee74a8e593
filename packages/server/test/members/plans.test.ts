import { ProductType } from '@store/commerce';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartEntries,
  carts,
  checkoutReservations,
  collections,
  emailOutbox,
  items,
  memberAreas,
  memberPlans,
  memberships,
  orders,
  products,
  subscriptions,
  variants,
  websites,
} from '../../src/db/schema/index';
import { confirmReservation } from '../../src/services/checkout/settle';
import { createTestPaymentProvider } from '../../src/services/payments/test-payment-provider';
import { planTermsForItem } from '../../src/services/members/plan-terms';
import { asCustomer, newCustomer } from '../customer-account/account-helpers';
import { present } from '../helpers/present';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { orderAction, ownerCookies } from '../orders/orders-helpers';

describe.each(backends)('member plans and joining on %s', { timeout: 120_000 }, (backend) => {
  let shop: TestSite;
  let other: TestSite;
  let owner: Record<string, string>;

  beforeAll(async () => {
    shop = await createTestSite(backend);
    other = await createTestSite(backend);
    owner = await ownerCookies(shop);
  });
  afterAll(async () => {
    await shop.app.close();
    await other.app.close();
  });

  const db = async () => (await testDatabase(backend)).db;

  async function newArea(site: TestSite, slug = `area-${Math.random().toString(36).slice(2, 8)}`) {
    const [row] = await (await db())
      .insert(memberAreas)
      .values({ websiteId: site.websiteId, name: 'Inner Circle', slug, description: 'Members only' })
      .returning();
    return present(row, 'area');
  }

  const addPlan = (areaId: string, payload: Record<string, unknown>, cookies = owner, site = shop) =>
    site.request({ method: 'POST', url: `/api/studio/members/areas/${areaId}/plans`, cookies, payload });

  async function mailsTo(email: string) {
    return (await db())
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'membership-confirmed')));
  }

  async function membershipsOf(siteUserId: string) {
    return (await db()).select().from(memberships).where(eq(memberships.siteUserId, siteUserId));
  }

  it('refuses plans that break a rule with 400 and words saying which', async () => {
    const area = await newArea(shop);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'Free', kind: 'free', priceCents: 500 }, 'priceCents', 'A free plan has no price'],
      [
        { name: 'Once', kind: 'one_off', priceCents: 0 },
        'priceCents',
        'A paid plan needs a price above zero.',
      ],
      [{ name: 'Monthly', kind: 'recurring', priceCents: 900 }, 'periodValue', 'Choose how often'],
      [
        { name: 'Once', kind: 'one_off', priceCents: 900, trialDays: 7 },
        'trialDays',
        'Only a recurring plan',
      ],
      [
        {
          name: 'Monthly',
          kind: 'recurring',
          priceCents: 900,
          periodUnit: 'MONTH',
          periodValue: 1,
          trialDays: 7,
        },
        'trialDays',
        'Free trials are not offered yet',
      ],
    ];
    for (const [payload, field, words] of cases) {
      const res = await addPlan(area.id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().reason).toBe('PLAN_INVALID');
      expect(res.json().error.message).toContain(words);
      expect(res.json().errors[field]).toContain(words);
    }
    const noName = await addPlan(area.id, { name: '  ', kind: 'free' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toContain('Give the plan a name');
    const badKind = await addPlan(area.id, { name: 'X', kind: 'lifetime' });
    expect(badKind.statusCode).toBe(400);
    const negative = await addPlan(area.id, { name: 'X', kind: 'one_off', priceCents: -5 });
    expect(negative.statusCode).toBe(400);

    const made = await addPlan(area.id, { name: 'Once', kind: 'one_off', priceCents: 900 });
    expect(made.statusCode, made.body).toBe(201);
    const change = await shop.request({
      method: 'PUT',
      url: `/api/studio/members/plans/${made.json().id}`,
      cookies: owner,
      payload: { name: 'Once', kind: 'recurring', priceCents: 900, periodUnit: 'MONTH', periodValue: 1 },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().reason).toBe('PLAN_KIND_FIXED');
    // Signed out: the studio route is the owner's.
    const anonymous = await shop.request({
      method: 'POST',
      url: `/api/studio/members/areas/${area.id}/plans`,
      payload: { name: 'Free', kind: 'free' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps a paid plan’s paywall product in the hidden Memberships store at its name and price', async () => {
    const area = await newArea(shop);
    const made = await addPlan(area.id, { name: 'Lifetime', kind: 'one_off', priceCents: 4900 });
    expect(made.statusCode, made.body).toBe(201);
    const plan = made.json();
    expect(plan).toMatchObject({ kind: 'one_off', priceText: '$49.00 once', currency: 'USD' });
    const itemId = present(plan.itemId as string | null, 'paywall item');
    const d = await db();
    const [product] = await d.select().from(products).where(eq(products.itemId, itemId));
    expect(product?.productType).toBe(ProductType.PAYWALL);
    const [item] = await d.select().from(items).where(eq(items.id, itemId));
    const [store] = await d
      .select()
      .from(collections)
      .where(eq(collections.id, present(item, 'item').collectionId));
    expect(store).toMatchObject({ title: 'Memberships', enabled: false });
    const changed = await shop.request({
      method: 'PUT',
      url: `/api/studio/members/plans/${plan.id}`,
      cookies: owner,
      payload: { name: 'Lifetime pass', kind: 'one_off', priceCents: 5900 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().itemId).toBe(itemId);
    const [renamed] = await d.select().from(items).where(eq(items.id, itemId));
    expect(renamed?.title).toBe('Lifetime pass');
    const [variant] = await d.select().from(variants).where(eq(variants.itemId, itemId));
    expect(variant).toMatchObject({ priceCents: 5900, unlimited: true });
    // A free plan sells nothing: no product.
    const free = await addPlan(area.id, { name: 'Free', kind: 'free' });
    expect(free.json().itemId).toBeNull();
    // A recurring plan's terms for the renewals engine; a one-off plan has none.
    const monthly = (
      await addPlan(area.id, {
        name: 'Monthly',
        kind: 'recurring',
        priceCents: 900,
        periodUnit: 'MONTH',
        periodValue: 1,
      })
    ).json();
    expect(await planTermsForItem(d, shop.websiteId, monthly.itemId)).toEqual({
      kind: 'plan',
      periodUnit: 'MONTH',
      periodValue: 1,
      numBillingCycles: 0,
      // The order pays the first period (see plan-terms.ts).
      trialDays: 0,
      memberPlanId: monthly.id,
    });
    expect(await planTermsForItem(d, shop.websiteId, itemId)).toBeNull();
    expect(await planTermsForItem(d, other.websiteId, monthly.itemId)).toBeNull();
    // Archived: no longer offered to visitors, still listed to the owner.
    const archived = await shop.request({
      method: 'POST',
      url: `/api/studio/members/plans/${plan.id}/archive`,
      cookies: owner,
    });
    expect(archived.json().active).toBe(false);
    const offer = (await shop.request({ method: 'GET', url: `/api/members/areas/${area.slug}` })).json();
    expect(offer.plans.map((p: { name: string }) => p.name)).toEqual(['Free', 'Monthly']);
    const listed = await shop.request({
      method: 'GET',
      url: `/api/studio/members/areas/${area.id}/plans`,
      cookies: owner,
    });
    expect(listed.json().plans).toHaveLength(3);
  });

  it('a free plan is joined signed in, with the crumb, once, with one mail', async () => {
    const area = await newArea(shop);
    const plan = (await addPlan(area.id, { name: 'Free', kind: 'free' })).json();
    const url = `/api/members/plans/${plan.id}/join`;
    const signedOut = await shop.request({ method: 'POST', url });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe('Please sign in or create an account to join.');
    const customer = await newCustomer(shop);
    const noCrumb = await asCustomer(shop, customer.session, { method: 'POST', url, crumb: false });
    expect(noCrumb.statusCode).toBe(403);
    expect(await membershipsOf(customer.id)).toHaveLength(0);

    const joined = await asCustomer(shop, customer.session, { method: 'POST', url });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({ next: 'joined', confirmedPath: `/members/${area.slug}/welcome` });
    const again = await asCustomer(shop, customer.session, { method: 'POST', url });
    expect(again.json().next).toBe('joined');
    const rows = await membershipsOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'free', status: 'active', endsAt: null, planId: plan.id });
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Inner Circle');
    expect(mails[0]?.textBody).toContain(`/members/${area.slug}/welcome`);
    // The membership confirmed page (spec §2 code 208).
    const welcome = await asCustomer(shop, customer.session, {
      method: 'GET',
      url: `/members/${area.slug}/welcome?format=json`,
    });
    expect(welcome.statusCode, welcome.body).toBe(200);
    expect(welcome.json().pageType).toBe(208);
    const offer = await asCustomer(shop, customer.session, {
      method: 'GET',
      url: `/api/members/areas/${area.id}`,
    });
    expect(offer.json()).toMatchObject({ member: true, signedIn: true });
  });

  /** A signed-in customer joins a paid plan: the cart it puts the plan in, ready for checkout. */
  async function paidJoin(planId: string) {
    const customer = await newCustomer(shop);
    const res = await asCustomer(shop, customer.session, {
      method: 'POST',
      url: `/api/members/plans/${planId}/join`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ next: 'checkout', checkoutPath: '/checkout' });
    return customer;
  }

  const checkout = (session: string, email: string) =>
    asCustomer(shop, session, {
      method: 'POST',
      url: '/api/commerce/checkout',
      payload: { email, payment: { token: 'tok_visa' } },
    });

  it('a paid plan is joined through checkout: the paid order grants it once, retried or concurrent', async () => {
    const area = await newArea(shop);
    const plan = (await addPlan(area.id, { name: 'Lifetime', kind: 'one_off', priceCents: 4900 })).json();
    const customer = await paidJoin(plan.id);
    // Asked twice (a double click): one line, quantity 1, which stays 1.
    await asCustomer(shop, customer.session, { method: 'POST', url: `/api/members/plans/${plan.id}/join` });
    const cart = (
      await asCustomer(shop, customer.session, { method: 'GET', url: '/api/commerce/shopping-cart' })
    ).json();
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0]).toMatchObject({ quantity: 1, productType: ProductType.PAYWALL });
    expect(cart.subtotalCents).toBe(4900);
    expect(cart.requiresShipping).toBe(false);
    const more = await asCustomer(shop, customer.session, {
      method: 'PATCH',
      url: `/api/commerce/shopping-cart/entries/${cart.entries[0].id}`,
      payload: { quantity: 3 },
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().shoppingCart.entries[0].quantity).toBe(1);

    // Two checkouts at once (two tabs): one order, one membership, one mail.
    const [a, b] = await Promise.all([
      checkout(customer.session, customer.email),
      checkout(customer.session, customer.email),
    ]);
    const placed = [a, b].filter((r) => r.statusCode === 200);
    expect(placed, `${a.body} ${b.body}`).toHaveLength(1);
    const orderId = present(placed[0], 'placed').json().order.id as string;
    const rows = await membershipsOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'order',
      orderId,
      status: 'active',
      endsAt: null,
      areaId: area.id,
    });
    expect(await mailsTo(customer.email)).toHaveLength(1);

    // The settle step run again (a webhook after the request): the same order, nothing granted twice.
    const d = await db();
    const [reservation] = await d
      .select()
      .from(checkoutReservations)
      .where(eq(checkoutReservations.orderId, orderId));
    const [site] = await d.select().from(websites).where(eq(websites.id, shop.websiteId));
    const again = await confirmReservation(d, present(site, 'site'), present(reservation, 'reservation').id, {
      reference: 'again',
      captured: true,
    });
    expect(again.ok && again.placed.order.id).toBe(orderId);
    expect(await membershipsOf(customer.id)).toHaveLength(1);
    expect(await mailsTo(customer.email)).toHaveLength(1);
    // Already in: not sold again.
    const twice = await asCustomer(shop, customer.session, {
      method: 'POST',
      url: `/api/members/plans/${plan.id}/join`,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('ALREADY_MEMBER');
  });

  it('checkout of a cart holding a plan asks a signed-out visitor to sign in', async () => {
    const area = await newArea(shop);
    const plan = (await addPlan(area.id, { name: 'Lifetime', kind: 'one_off', priceCents: 1500 })).json();
    const d = await db();
    // A guest cart holding the plan (e.g. signed out after joining in another tab).
    const token = `guestplan${Math.random().toString(36).slice(2)}`.padEnd(32, 'x');
    const [cart] = await d.insert(carts).values({ websiteId: shop.websiteId, token }).returning();
    await d.insert(cartEntries).values({
      websiteId: shop.websiteId,
      cartId: present(cart, 'cart').id,
      itemId: plan.itemId,
      sku: `PLAN-${plan.id}`,
      quantity: 1,
      mergeKey: `plan:${plan.id}`,
    });
    const res = await shop.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies: { CART: token },
      payload: { email: 'guest@example.com', payment: { token: 'tok_visa' } },
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().reason).toBe('JOIN_SIGN_IN_REQUIRED');
    const [after] = await d.select().from(carts).where(eq(carts.token, token));
    expect(after?.isPurchased).toBe(false);
  });

  it('a recurring plan’s membership is linked to the subscription started for its line', async () => {
    const area = await newArea(shop);
    const plan = (
      await addPlan(area.id, {
        name: 'Monthly',
        kind: 'recurring',
        priceCents: 900,
        periodUnit: 'MONTH',
        periodValue: 1,
      })
    ).json();
    const customer = await paidJoin(plan.id);
    const res = await checkout(customer.session, customer.email);
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().order.id as string;
    const d = await db();
    const [sub] = await d
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.firstOrderId, orderId), eq(subscriptions.itemId, plan.itemId)));
    // Checkout starts the subscription for the line (the renewals engine); the membership follows it.
    expect(sub).toMatchObject({ kind: 'plan', memberPlanId: plan.id, status: 'active' });
    const rows = await membershipsOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'subscription',
      subscriptionId: present(sub, 'subscription').id,
      orderId,
      planId: plan.id,
      status: 'active',
      endsAt: null,
    });
    expect(await mailsTo(customer.email)).toHaveLength(1);
  });

  it('refuses another site’s plan and area', async () => {
    const area = await newArea(shop);
    const plan = (await addPlan(area.id, { name: 'Free', kind: 'free' })).json();
    const stranger = await newCustomer(other);
    const join = await asCustomer(other, stranger.session, {
      method: 'POST',
      url: `/api/members/plans/${plan.id}/join`,
    });
    expect(join.statusCode).toBe(404);
    expect(join.json().reason).toBe('PLAN_NOT_FOUND');
    const offer = await other.request({ method: 'GET', url: `/api/members/areas/${area.id}` });
    expect(offer.statusCode).toBe(404);
    const otherOwner = await ownerCookies(other);
    const edit = await other.request({
      method: 'PUT',
      url: `/api/studio/members/plans/${plan.id}`,
      cookies: otherOwner,
      payload: { name: 'Mine now', kind: 'free' },
    });
    expect(edit.statusCode).toBe(404);
    const add = await addPlan(area.id, { name: 'Mine', kind: 'free' }, otherOwner, other);
    expect(add.statusCode).toBe(404);
    expect(add.json().reason).toBe('PLAN_AREA_NOT_FOUND');
    expect(await membershipsOf(stranger.id)).toHaveLength(0);
    const [kept] = await (await db()).select().from(memberPlans).where(eq(memberPlans.id, plan.id));
    expect(kept?.name).toBe('Free');
  });

  it('an order only authorised (manual capture) opens the area and starts the renewals when captured', async () => {
    const manual = await createTestSite(backend, {
      appOptions: { payments: createTestPaymentProvider({ capture: 'manual' }) },
    });
    try {
      const manualOwner = await ownerCookies(manual);
      const area = await newArea(manual);
      const plan = (
        await addPlan(
          area.id,
          { name: 'Monthly', kind: 'recurring', priceCents: 900, periodUnit: 'MONTH', periodValue: 1 },
          manualOwner,
          manual,
        )
      ).json();
      const customer = await newCustomer(manual);
      const joined = await asCustomer(manual, customer.session, {
        method: 'POST',
        url: `/api/members/plans/${plan.id}/join`,
      });
      expect(joined.json().next).toBe('checkout');
      const placed = await asCustomer(manual, customer.session, {
        method: 'POST',
        url: '/api/commerce/checkout',
        payload: { email: customer.email, payment: { token: 'tok_visa' } },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().order.id as string;
      const d = await db();
      const subsOf = () => d.select().from(subscriptions).where(eq(subscriptions.firstOrderId, orderId));
      // Authorised, not paid: no access and nothing renews yet; the card waits with the order.
      expect(await membershipsOf(customer.id)).toHaveLength(0);
      expect(await subsOf()).toHaveLength(0);
      const [waiting] = await d.select().from(orders).where(eq(orders.id, orderId));
      expect(waiting?.savedPaymentMethod?.methodRef).toBeTruthy();

      const captured = await orderAction(manual, manualOwner, orderId, 'capture');
      expect(captured.statusCode, captured.body).toBe(200);
      const [sub] = await subsOf();
      expect(sub).toMatchObject({ kind: 'plan', status: 'active', memberPlanId: plan.id, cyclesDone: 1 });
      expect(sub?.paymentMethodRef).toBe(waiting?.savedPaymentMethod?.methodRef);
      const rows = await membershipsOf(customer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ source: 'subscription', subscriptionId: sub?.id, status: 'active' });
      const [after] = await d.select().from(orders).where(eq(orders.id, orderId));
      expect(after?.savedPaymentMethod).toBeNull();
      // Captured again (a double click): refused, nothing started twice.
      expect((await orderAction(manual, manualOwner, orderId, 'capture')).statusCode).toBe(409);
      expect(await subsOf()).toHaveLength(1);
      expect(await membershipsOf(customer.id)).toHaveLength(1);
    } finally {
      await manual.app.close();
    }
  });
});
