import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartEntries,
  carts,
  emailOutbox,
  orderEvents,
  schedulingBookings,
  schedulingClaims,
  websites,
} from '../../src/db/schema/index';
import { announceBooking } from '../../src/services/scheduling/booking-mail';
import { confirmPaidBookings, sweepExpiredHolds } from '../../src/services/scheduling/booking-payment';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from '../helpers/shop';
import { present } from '../helpers/present';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { type SchedulingSite, insertBooking, schedulingRows, schedulingSite } from './booking-fixtures';
import { appointmentType, everyDay, staffMember } from './scheduling-fixtures';
import { orderAction, ownerCookies } from '../orders/orders-helpers';

const MIN = 60_000;

describe.each(backends)('paid bookings on %s', { timeout: 90_000 }, (backend) => {
  it('the paying order confirms a held booking once, with its confirmation mail; a lost hold is reported', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, { priceMinor: 4500 });
    const held = await insertBooking(db, site, new Date('2032-01-05T10:00:00Z'), {
      status: 'pending_payment',
    });
    const lost = await insertBooking(db, site, new Date('2032-01-05T12:00:00Z'), { status: 'cancelled' });
    await db.transaction((tx) =>
      announceBooking(tx, held.booking.id, { kind: 'held', manageToken: held.token }),
    );
    const order = { id: 'order-1', websiteId: site.websiteId };
    const lines = [
      { additionalFields: { bookingId: held.booking.id } },
      { additionalFields: { bookingId: lost.booking.id } },
      { additionalFields: null },
    ];
    const first = await db.transaction((tx) => confirmPaidBookings(tx, order, lines));
    expect(first).toEqual({ confirmed: [held.booking.id], already: [], missed: [lost.booking.id] });
    const again = await db.transaction((tx) => confirmPaidBookings(tx, order, lines));
    expect(again).toEqual({ confirmed: [], already: [held.booking.id], missed: [lost.booking.id] });

    const [row] = await db
      .select()
      .from(schedulingBookings)
      .where(eq(schedulingBookings.id, held.booking.id));
    expect(row).toMatchObject({ status: 'confirmed', orderId: 'order-1', holdExpiresAt: null });
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'booking-confirmed')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(`/scheduling/manage/${held.token}`);
    expect(mails[0]?.textBody).toContain('Paid: $45.00');
    expect(mails[0]?.attachments?.[0]?.content).toContain('METHOD:REQUEST');
  });

  it('the sweeper lets go of expired holds (the time is free again), keeps live ones', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, { priceMinor: 4500 });
    const now = new Date('2033-06-01T08:00:00Z');
    const start = new Date('2033-06-02T10:00:00Z');
    const expired = await insertBooking(db, site, start, {
      status: 'pending_payment',
      holdExpiresAt: new Date(now.getTime() - MIN),
    });
    const live = await insertBooking(db, site, new Date('2033-06-02T12:00:00Z'), {
      status: 'pending_payment',
      holdExpiresAt: new Date(now.getTime() + 10 * MIN),
    });
    expect(await sweepExpiredHolds(db, now)).toBeGreaterThanOrEqual(1);
    const [gone] = await db
      .select()
      .from(schedulingBookings)
      .where(eq(schedulingBookings.id, expired.booking.id));
    expect(gone?.status).toBe('cancelled');
    const [claim] = await db.select().from(schedulingClaims).where(eq(schedulingClaims.id, expired.claim.id));
    expect(claim?.active).toBe(false);
    const [kept] = await db
      .select()
      .from(schedulingBookings)
      .where(eq(schedulingBookings.id, live.booking.id));
    expect(kept?.status).toBe('pending_payment');
    // The freed time can be booked again (the exclusion constraint no longer sees the hold).
    await insertBooking(db, site, start);
    // Nothing sent for an unpaid hold let go.
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.websiteId, site.websiteId));
    expect(mails).toEqual([]);
  });

  describe('through checkout', () => {
    let shop: TestSite;
    let rows: SchedulingSite;
    beforeAll(async () => {
      shop = await createTestSite(backend);
      rows = await schedulingRows((await testDatabase(backend)).db, shop.websiteId, shop.host, {
        priceMinor: 2500,
      });
    });
    afterAll(async () => {
      await shop.app.close();
    });

    /** A cart whose line carries the booking (the line the pay step writes), ready for checkout. */
    async function cartFor(bookingId: string) {
      const { db } = await testDatabase(backend);
      const tee = await demoProduct(shop, 'classic-tee');
      const added = await addToCart(shop, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
      expect(added.statusCode).toBe(200);
      const cookies = { CART: present(cartTokenFrom(added), 'cart token') };
      const [cart] = await db.select().from(carts).where(eq(carts.token, cookies.CART));
      await db
        .update(cartEntries)
        .set({ additionalFields: { bookingId } })
        .where(eq(cartEntries.cartId, present(cart, 'cart').id));
      const view = (
        await shop.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })
      ).json();
      return {
        cookies,
        shippingOptionId: view.shippingOptions[0].id as string,
        cartId: present(cart, 'cart').id,
      };
    }

    const checkout = (cart: Awaited<ReturnType<typeof cartFor>>, token = 'tok_visa') =>
      shop.request({
        method: 'POST',
        url: '/api/commerce/checkout',
        cookies: cart.cookies,
        payload: {
          email: 'payer@example.com',
          shippingAddress,
          shippingOptionId: cart.shippingOptionId,
          payment: { token },
        },
      });

    it('a paid order confirms the booking it carries and mails the confirmation with the invitation', async () => {
      const { db } = await testDatabase(backend);
      const held = await insertBooking(db, rows, new Date('2034-02-01T10:00:00Z'), {
        status: 'pending_payment',
      });
      await db.transaction((tx) =>
        announceBooking(tx, held.booking.id, { kind: 'held', manageToken: held.token }),
      );
      const placed = await checkout(await cartFor(held.booking.id));
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().order.id as string;
      const [row] = await db
        .select()
        .from(schedulingBookings)
        .where(eq(schedulingBookings.id, held.booking.id));
      expect(row).toMatchObject({ status: 'confirmed', orderId, holdExpiresAt: null });
      const confirmation = await db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, 'booking-confirmed'),
            eq(emailOutbox.toAddress, held.booking.customerEmail),
          ),
        );
      expect(confirmation).toHaveLength(1);
      expect(confirmation[0]?.attachments?.[0]?.filename).toBe('invite.ics');
    });

    it('the pay step puts the type’s service product in the cart once; checkout pays and confirms it', async () => {
      const { db } = await testDatabase(backend);
      const held = await insertBooking(db, rows, new Date('2034-03-01T10:00:00Z'), {
        status: 'pending_payment',
      });
      await db.transaction((tx) =>
        announceBooking(tx, held.booking.id, { kind: 'held', manageToken: held.token }),
      );
      const pay = await shop.request({ method: 'POST', url: `/api/scheduling/manage/${held.token}/pay` });
      expect(pay.statusCode, pay.body).toBe(200);
      expect(pay.json()).toMatchObject({ bookingId: held.booking.id, checkoutPath: '/checkout' });
      const cookies = { CART: present(cartTokenFrom(pay), 'cart token') };
      // Asked again (a reload): still one line.
      const again = await shop.request({
        method: 'POST',
        url: `/api/scheduling/manage/${held.token}/pay`,
        cookies,
      });
      expect(again.statusCode).toBe(200);
      const cart = (
        await shop.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })
      ).json();
      expect(cart.entries).toHaveLength(1);
      expect(cart.entries[0]).toMatchObject({ quantity: 1 });
      expect(JSON.stringify(cart.entries[0])).toContain('Consultation');
      expect(cart.subtotalCents).toBe(2500);

      const placed = await shop.request({
        method: 'POST',
        url: '/api/commerce/checkout',
        cookies,
        payload: {
          email: 'payer@example.com',
          shippingAddress,
          ...(cart.shippingOptions?.[0] ? { shippingOptionId: cart.shippingOptions[0].id } : {}),
          payment: { token: 'tok_visa' },
        },
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const [row] = await db
        .select()
        .from(schedulingBookings)
        .where(eq(schedulingBookings.id, held.booking.id));
      expect(row).toMatchObject({ status: 'confirmed', orderId: placed.json().order.id });
      expect(placed.json().order.grandTotalCents ?? 2500).toBeGreaterThanOrEqual(2500);

      // A confirmed booking cannot be paid for again; an unknown link is 404.
      const paidAgain = await shop.request({
        method: 'POST',
        url: `/api/scheduling/manage/${held.token}/pay`,
      });
      expect(paidAgain.statusCode).toBe(409);
      const unknown = await shop.request({
        method: 'POST',
        url: `/api/scheduling/manage/${'x'.repeat(32)}/pay`,
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('booking a paid type through the API holds it and puts its line in the visitor’s cart', async () => {
      const { db } = await testDatabase(backend);
      const [web] = await db.select().from(websites).where(eq(websites.id, shop.websiteId));
      const site = { id: shop.websiteId, timeZone: present(web, 'site').timeZone, currency: 'USD' };
      const staff = await staffMember(db, site, { name: 'Pat', weekly: everyDay('09:00', '17:00') });
      const type = await appointmentType(db, site, {
        name: 'Paid session',
        durationMinutes: 45,
        priceMinor: 3000,
        staffIds: [staff.id],
      });
      const month = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 7);
      const free = await shop.request({
        method: 'GET',
        url: `/api/scheduling/types/${type.id}/availability?month=${month}`,
      });
      const start = present(free.json().slots[0], 'a free slot').start as string;
      const booked = await shop.request({
        method: 'POST',
        url: '/api/scheduling/bookings',
        payload: {
          typeId: type.id,
          start,
          name: 'Vi Sitor',
          email: 'vi@example.com',
          timeZone: 'Asia/Tokyo',
        },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json()).toMatchObject({ paymentRequired: true, booking: { status: 'pending_payment' } });
      const cookies = { CART: present(cartTokenFrom(booked), 'cart token') };
      const cart = (
        await shop.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })
      ).json();
      expect(cart.subtotalCents).toBe(3000);
      const [line] = await db
        .select()
        .from(cartEntries)
        .where(eq(cartEntries.sku, `BOOKING-${type.id}`));
      expect(line?.additionalFields).toEqual({ bookingId: booked.json().booking.id });
    });

    it('refunding the order in full cancels the booking it paid for and frees its time', async () => {
      const { db } = await testDatabase(backend);
      const held = await insertBooking(db, rows, new Date('2034-04-01T10:00:00Z'), {
        status: 'pending_payment',
      });
      await db.transaction((tx) =>
        announceBooking(tx, held.booking.id, { kind: 'held', manageToken: held.token }),
      );
      const placed = await checkout(await cartFor(held.booking.id));
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().order.id as string;
      const refund = await orderAction(shop, await ownerCookies(shop), orderId, 'refund');
      expect(refund.statusCode, refund.body).toBe(200);
      const [row] = await db
        .select()
        .from(schedulingBookings)
        .where(eq(schedulingBookings.id, held.booking.id));
      expect(row?.status).toBe('cancelled');
      const [claim] = await db.select().from(schedulingClaims).where(eq(schedulingClaims.id, held.claim.id));
      expect(claim?.active).toBe(false);
      const cancelled = await db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, 'booking-cancelled'),
            eq(emailOutbox.toAddress, held.booking.customerEmail),
          ),
        );
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]?.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    });

    it('a hold let go before the order is placed stays cancelled; the order’s timeline says so', async () => {
      const { db } = await testDatabase(backend);
      const held = await insertBooking(db, rows, new Date('2034-02-01T14:00:00Z'), {
        status: 'pending_payment',
        holdExpiresAt: new Date(Date.now() - MIN),
      });
      const cart = await cartFor(held.booking.id);
      // A checkout holding the line keeps the sweeper off the hold while it decides.
      await db.execute(
        sql`insert into checkout_reservations (website_id, cart_id, state, amount_cents, currency, payment_provider, test_mode, capture_mode, snapshot, expires_at)
          values (${shop.websiteId}, ${cart.cartId}, 'RESERVED', 100, 'USD', 'test', true, 'automatic', '{}'::jsonb, now() + interval '5 minutes')`,
      );
      await sweepExpiredHolds(db);
      const [kept] = await db
        .select()
        .from(schedulingBookings)
        .where(eq(schedulingBookings.id, held.booking.id));
      expect(kept?.status).toBe('pending_payment');
      await db.execute(
        sql`update checkout_reservations set state = 'RELEASED' where cart_id = ${cart.cartId}`,
      );
      await sweepExpiredHolds(db);
      const placed = await checkout(cart);
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().order.id as string;
      const [row] = await db
        .select()
        .from(schedulingBookings)
        .where(eq(schedulingBookings.id, held.booking.id));
      expect(row?.status).toBe('cancelled');
      const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      expect(events.find((e) => e.kind === 'booking-hold-lost')?.detail).toEqual({
        bookingIds: [held.booking.id],
      });
    });
  });
});
