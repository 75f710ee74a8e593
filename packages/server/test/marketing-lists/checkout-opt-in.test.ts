import { CHECKOUT_NEWSLETTER_DEFAULT_LABEL, MAILING_LIST_MESSAGES as M } from '@store/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, websites } from '../../src/db/schema/index';
import { listMembers, mailingLists } from '../../src/db/schema/newsletter';
import { afterOrdersSettled } from '../../src/services/checkout/after-order';
import { findReservation, settleReservation } from '../../src/services/checkout/reconcile';
import { placeOrder } from '../../src/services/checkout.service';
import type { PaymentProvider } from '../../src/services/payments/payment-provider';
import { contributorSession } from '../contributors/contributor-helpers';
import { present } from '../helpers/present';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

const SETTINGS = '/api/studio/commerce/checkout-newsletter';
const LISTS = '/api/studio/marketing/lists';

describe.each(backends)('checkout newsletter opt-in (%s)', { timeout: 90_000 }, (backend) => {
  let site: TestSite;
  let other: TestSite;
  let owner: Record<string, string>;
  let listId: string;
  const db = () => site.app.database.db;
  const call = (method: string, url: string, payload?: object, cookies = owner, on = site) =>
    on.request({ method: method as 'GET', url, cookies, ...(payload ? { payload } : {}) });
  const settings = (payload: object, on = site, cookies = owner) =>
    call('PUT', SETTINGS, payload, cookies, on);

  /** A visitor's cart with one tee, checked out with `extra` in the body (and any headers). */
  async function checkout(email: string, extra: object = {}, headers: Record<string, string> = {}) {
    const tee = await demoProduct(site, 'classic-tee');
    const added = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const token = present(cartTokenFrom(added), 'cart token');
    const cart = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: token } })
    ).json();
    const body = {
      email,
      shippingAddress,
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { token: 'tok_visa' },
      ...extra,
    };
    const send = () =>
      site.request({
        method: 'POST',
        url: '/api/commerce/checkout',
        cookies: { CART: token },
        headers,
        payload: body,
      });
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    await afterOrdersSettled();
    return { order: res.json().order as { orderNumber: number }, send };
  }

  const membersOf = (list: string, email: string) =>
    db()
      .select()
      .from(listMembers)
      .where(and(eq(listMembers.listId, list), eq(listMembers.email, email)));
  const confirmationsTo = (email: string) =>
    db()
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.websiteId, site.websiteId),
          eq(emailOutbox.kind, 'list-confirmation'),
          eq(emailOutbox.toAddress, email),
        ),
      );
  const checkoutPageBox = async () =>
    (await site.request({ method: 'GET', url: '/checkout?format=json' })).json().checkoutNewsletter;

  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  });
  afterAll(async () => {
    await site?.app.close();
    await other?.app.close();
  });

  it('is off by default and refuses bad settings with the spec’s words', async () => {
    const read = await call('GET', SETTINGS);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      enabled: false,
      listId: null,
      label: CHECKOUT_NEWSLETTER_DEFAULT_LABEL,
      lists: [{ name: 'Newsletter' }],
    });
    expect(await checkoutPageBox()).toBeNull();

    const made = await call('POST', LISTS, { name: 'Buyers' });
    expect(made.statusCode, made.body).toBe(201);
    listId = made.json().list.id;

    const noList = await settings({ enabled: true });
    expect(noList.statusCode).toBe(400);
    expect(noList.json().error.message).toBe(M.listRequired);
    expect(noList.json().errors).toEqual({ listId: 'A List must be selected' });

    // A site without any list: the other words.
    const otherOwner = { siteUserSession: await sessionOf(other, 'owner') };
    await other.app.database.db.delete(mailingLists).where(eq(mailingLists.websiteId, other.websiteId));
    const none = await settings({ enabled: true }, other, otherOwner);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('no mailing lists, create one first');
    expect((await call('GET', SETTINGS, undefined, otherOwner, other)).json().lists).toEqual([]);

    // Another site's list is not this site's to choose.
    const [theirs] = await other.app.database.db
      .insert(mailingLists)
      .values({ websiteId: other.websiteId, name: 'Theirs' })
      .returning({ id: mailingLists.id });
    const foreign = await settings({ enabled: true, listId: present(theirs, 'list').id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(M.notFound);

    for (const bad of [{ label: '' }, { label: 'x'.repeat(201) }, { enabled: 'yes' }, { listId: 42 }]) {
      const res = await settings(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // Nothing of it was saved.
    expect((await call('GET', SETTINGS)).json()).toMatchObject({ enabled: false, listId: null });

    // Store settings, not marketing: a campaigns editor (marketing only) is refused.
    const campaigns = await contributorSession(backend, site, 11);
    const refused = await settings({ enabled: false }, site, { siteUserSession: campaigns.cookie });
    expect(refused.statusCode).toBe(403);
  });

  it('on: the checkout page shows the box; a ticked checkout joins the list with source checkout', async () => {
    const saved = await settings({ enabled: true, listId, label: 'Send me the workshop news' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, listId, label: 'Send me the workshop news' });
    expect(await checkoutPageBox()).toEqual({ label: 'Send me the workshop news' });
    const html = (await site.request({ method: 'GET', url: '/checkout' })).body;
    expect(html).toContain('"checkoutNewsletter":{"label":"Send me the workshop news"}');

    const { order } = await checkout('Ticked.Buyer@example.com', { newsletterOptIn: true });
    const [member] = await membersOf(listId, 'ticked.buyer@example.com');
    expect(member).toMatchObject({
      status: 'subscribed',
      source: 'checkout',
      consentSource: `checkout: order #${order.orderNumber}`,
    });
    expect(member?.consentAt).toBeInstanceOf(Date);

    // Unticked (or not sent at all): nobody joins.
    await checkout('unticked@example.com', { newsletterOptIn: false });
    await checkout('silent@example.com');
    expect(await membersOf(listId, 'unticked@example.com')).toEqual([]);
    expect(await membersOf(listId, 'silent@example.com')).toEqual([]);
  });

  it('a double opt-in list leaves the buyer pending with one confirmation, even when the checkout is retried', async () => {
    expect((await call('PUT', `${LISTS}/${listId}`, { doubleOptIn: true })).statusCode).toBe(200);
    const key = { 'idempotency-key': `opt-in-${backend}-${Date.now()}` };
    const { send } = await checkout('careful@example.com', { newsletterOptIn: true }, key);
    const [member] = await membersOf(listId, 'careful@example.com');
    expect(member?.status).toBe('pending');
    expect(await confirmationsTo('careful@example.com')).toHaveLength(1);

    // The same request again (a lost answer): the order is answered again, nobody joins twice.
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    await afterOrdersSettled();
    expect(await membersOf(listId, 'careful@example.com')).toHaveLength(1);
    expect(await confirmationsTo('careful@example.com')).toHaveLength(1);
    expect((await call('PUT', `${LISTS}/${listId}`, { doubleOptIn: false })).statusCode).toBe(200);
  });

  it('a payment finished later (the buyer back from 3-D Secure and the webhook at once) joins once', async () => {
    const made = await call('POST', LISTS, { name: 'Later', doubleOptIn: true });
    const later = made.json().list.id as string;
    expect((await settings({ enabled: true, listId: later })).statusCode).toBe(200);
    const tee = await demoProduct(site, 'classic-tee');
    const added = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
    const token = present(cartTokenFrom(added), 'cart token');
    const cart = (
      await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies: { CART: token } })
    ).json();
    // A provider that asks the buyer first (3-D Secure) and has the payment captured afterwards.
    const provider = {
      name: 'test',
      testMode: true,
      browser: () => ({ provider: 'test' }),
      charge: async () => ({ state: 'action', reference: 'pi_later', clientSecret: 'secret_later' }),
      lookup: async () => ({ state: 'captured', reference: 'pi_later' }),
    } as unknown as PaymentProvider;
    const [siteRow] = await db().select().from(websites).where(eq(websites.id, site.websiteId));
    const record = present(siteRow, 'site');
    const input = {
      email: 'later@example.com',
      shippingAddress,
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { token: 'tok_visa' },
      newsletterOptIn: true,
    };
    const started = await placeOrder(db(), record, { websiteId: site.websiteId, token }, input, provider, {
      capture: 'automatic',
    });
    if (!started.ok || started.value.kind !== 'action')
      throw new Error(`not waiting: ${JSON.stringify(started)}`);
    await afterOrdersSettled();
    expect(await membersOf(later, 'later@example.com')).toEqual([]);

    const reservation = present(
      await findReservation(db(), site.websiteId, started.value.reservationId),
      'r',
    );
    const both = await Promise.all([
      settleReservation(db(), record, reservation, provider),
      settleReservation(db(), record, reservation, provider),
    ]);
    const orderIds = both.map((s) => (s.kind === 'placed' ? s.placed.order.id : s.kind));
    expect(new Set(orderIds).size).toBe(1);
    expect(both[0]?.kind).toBe('placed');
    await afterOrdersSettled();
    const joined = await membersOf(later, 'later@example.com');
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ status: 'pending', source: 'checkout' });
    expect(await confirmationsTo('later@example.com')).toHaveLength(1);
    expect((await settings({ listId })).statusCode).toBe(200);
  });

  it('off: a ticked box is ignored; a deleted list turns the box off and the order still goes through', async () => {
    expect((await settings({ enabled: false })).statusCode).toBe(200);
    expect(await checkoutPageBox()).toBeNull();
    await checkout('ignored@example.com', { newsletterOptIn: true });
    expect(await membersOf(listId, 'ignored@example.com')).toEqual([]);

    expect((await settings({ enabled: true })).statusCode).toBe(200);
    expect(await checkoutPageBox()).not.toBeNull();
    expect((await call('DELETE', `${LISTS}/${listId}`)).statusCode).toBe(200);
    expect((await call('GET', SETTINGS)).json()).toMatchObject({ enabled: true, listId: null });
    // The settings row changed with the delete: its NOTIFY drops the cached checkout page.
    await expect.poll(checkoutPageBox, { timeout: 10_000 }).toBeNull();
    // A page made before the delete still sends the tick: the order is placed, nobody joins.
    await checkout('late@example.com', { newsletterOptIn: true });
    const joined = await db().select().from(listMembers).where(eq(listMembers.email, 'late@example.com'));
    expect(joined).toEqual([]);
  });
});
