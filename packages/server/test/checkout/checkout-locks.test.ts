import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PaymentProvider } from '../../src/services/payments/payment-provider';
import { createTestPaymentProvider } from '../../src/services/payments/test-payment-provider';
import { present } from '../helpers/present';
import { addToCart, cartTokenFrom, type DemoProductRef, demoProduct, shippingAddress } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { orderAction, ownerCookies, stockOf } from '../orders/orders-helpers';

type Held = 'charge' | 'refund';

/**
 * The test-mode provider, except that the next call of a chosen kind waits until the test
 * lets it go: the provider's round trip, as long as the test needs.
 */
function heldProvider() {
  const base = createTestPaymentProvider();
  let next: { kind: Held; entered: () => void; released: Promise<void> } | undefined;
  const hold = async (kind: Held) => {
    if (next?.kind !== kind) return;
    const { entered, released } = next;
    next = undefined;
    entered();
    await released;
  };
  const provider: PaymentProvider = {
    ...base,
    async charge(request) {
      await hold('charge');
      return base.charge(request);
    },
    async refund(reference, amountCents, key) {
      await hold('refund');
      return base.refund(reference, amountCents, key);
    },
  };
  return {
    provider,
    /** The next `kind` call waits: `entered` resolves once it is waiting, `release` lets it go. */
    holdNext(kind: Held) {
      let release = () => {};
      const released = new Promise<void>((r) => {
        release = r;
      });
      const entered = new Promise<void>((r) => {
        next = { kind, entered: r, released };
      });
      return { entered, release };
    },
  };
}

/** Settles within `ms`, or fails saying what was stuck. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} waited over ${ms} ms`)), ms),
    ),
  ]);
}

/**
 * From a connection of its own (PostgreSQL): the variant's row can be updated at once (a lock
 * held by a transaction would make it wait past lock_timeout), and no session sits idle in
 * a transaction holding locks on variants or orders.
 */
async function provesNoRowLock(table: 'variants' | 'orders', id: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await client.query(`set lock_timeout = '500ms'`);
    const column = table === 'variants' ? 'qty_in_stock' : 'status';
    const touched = await client.query(`update ${table} set ${column} = ${column} where id = $1`, [id]);
    expect(touched.rowCount).toBe(1);
    // Other test files share this database: one of their transactions may be between two
    // statements at this instant. A lock held across the provider call is there on every look
    // while the charge waits; a passing one is gone within a few looks.
    const idleLocks = () =>
      client.query(
        `select a.state, l.mode, c.relname
           from pg_locks l
           join pg_class c on c.oid = l.relation
           join pg_stat_activity a on a.pid = l.pid
          where l.database = (select oid from pg_database where datname = current_database())
            and c.relname in ('variants', 'orders')
            and a.state like 'idle in transaction%'`,
      );
    let idle = await idleLocks();
    for (let look = 0; look < 5 && idle.rows.length > 0; look++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      idle = await idleLocks();
    }
    expect(idle.rows).toEqual([]);
  } finally {
    await client.end();
  }
}

describe.each(backends)('no stock or order row lock is held across a provider call on %s', (backend) => {
  const held = heldProvider();
  let site: TestSite;
  let tee: DemoProductRef;
  beforeAll(async () => {
    site = await createTestSite(backend, { appOptions: { payments: held.provider } });
    tee = await demoProduct(site, 'classic-tee');
  });
  afterAll(() => site.app.close());

  const variantId = (sku: string) => present(tee.variants.find((v) => v.sku === sku)?.id, sku);

  async function startCheckout(sku: string) {
    const added = await addToCart(site, { itemId: tee.id, sku, quantity: 1 });
    expect(added.statusCode).toBe(200);
    const cookies = { CART: present(cartTokenFrom(added), 'cart token') };
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    return site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies,
      payload: {
        email: 'locks@example.com',
        shippingAddress,
        shippingOptionId: cart.shippingOptions[0].id,
        payment: { token: 'tok_visa' },
      },
    });
  }

  it('while a checkout’s charge waits, the same variant can be added to a cart, bought and updated', async () => {
    const before = await stockOf(site, 'TEE-NAV-M');
    const gate = held.holdNext('charge');
    const waiting = startCheckout('TEE-NAV-M');
    await gate.entered;
    try {
      // Its stock is already taken (reserved), and nothing else waits on that.
      expect(await within(2_000, 'reading the stock', stockOf(site, 'TEE-NAV-M'))).toBe(before - 1);
      const added = await within(
        2_000,
        'an add to cart of the same variant',
        addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 }),
      );
      expect(added.statusCode).toBe(200);
      const other = await within(5_000, 'another checkout of the same variant', startCheckout('TEE-NAV-M'));
      expect(other.statusCode, other.body).toBe(200);
      if (backend === 'postgres') await provesNoRowLock('variants', variantId('TEE-NAV-M'));
    } finally {
      gate.release();
    }
    const res = await waiting;
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(site, 'TEE-NAV-M')).toBe(before - 2);
  });

  it('while an owner’s refund waits for the provider, the order and its stock are not locked; a second action is refused at once', async () => {
    const placed = await startCheckout('TEE-NAV-S');
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId: string = placed.json().order.id;
    const owner = await ownerCookies(site);
    const gate = held.holdNext('refund');
    const refunding = orderAction(site, owner, orderId, 'refund', { amountCents: 500 });
    await gate.entered;
    try {
      const read = await within(
        2_000,
        'the owner reading the order',
        site.request({ method: 'GET', url: `/api/commerce/orders/${orderId}`, cookies: owner }),
      );
      expect(read.statusCode).toBe(200);
      const second = await within(
        2_000,
        'a second refund',
        orderAction(site, owner, orderId, 'refund', { amountCents: 100 }),
      );
      expect(second.statusCode).toBe(409);
      const added = await within(
        2_000,
        'an add to cart',
        addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-S', quantity: 1 }),
      );
      expect(added.statusCode).toBe(200);
      if (backend === 'postgres') {
        await provesNoRowLock('orders', orderId);
        await provesNoRowLock('variants', variantId('TEE-NAV-S'));
      }
    } finally {
      gate.release();
    }
    const refunded = await refunding;
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().order.refundedCents).toBe(500);
  });
});
