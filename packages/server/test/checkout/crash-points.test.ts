import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orderEvents, orders, websites } from '../../src/db/schema/index';
import { SLOW_PAYMENT_MESSAGE } from '../../src/services/checkout/payment-outcome';
import { finishStaleClaims, STALE_CLAIM_SECONDS } from '../../src/services/orders/money-actions';
import { ORDER_MESSAGES } from '../../src/services/orders/order-messages';
import { finishClaimed } from '../../src/services/orders/order-transitions';
import { present } from '../helpers/present';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server';
import { backends } from '../helpers/test-db';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import {
  backdateClaims,
  checkoutRecord,
  brokenRules,
  crashShop,
  pendingOf,
  startWithholdingProxy,
  stockOf,
  until,
  Visitor,
} from './crash-harness';

const SKU = 'TEE-NAV-M';
const POINTS = ['reserved', 'charged', 'confirmed'] as const;

/** Wait for a process to end; answers the signal that ended it. */
function ended(server: SpawnedServer): Promise<NodeJS.Signals | null> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
}

/**
 * A real server process is killed (SIGKILL, CHECKOUT_CRASH_AT) as a checkout reaches each of
 * its points; a new process on the same database then settles what was left from the
 * provider's record (test-mode charges live in `test_mode_charges`). PGlite: a data dir of
 * its own; PostgreSQL: the shared test database, where the sweep sees every site's
 * reservations, so a reservation counts as abandoned only after 5 s there.
 */
describe.each(backends)('checkout killed at each point on %s', (backend) => {
  const staleSeconds = backend === 'postgres' ? 5 : 2;

  it.each(POINTS)(
    'killed at "%s": every charge has one order and one receipt, every other reservation is released with its stock',
    { timeout: 180_000 },
    async (point) => {
      const shop = await crashShop(backend, { secretsKey: randomBytes(32) });
      try {
        const stockBefore = await shop.read((db) => stockOf(db, shop.websiteId, SKU));
        const crashing = await spawnServer({ ...shop.env, CHECKOUT_CRASH_AT: point });
        const buyer = new Visitor(crashing.port, shop.host);
        try {
          const body = await buyer.fillCart(SKU, 2, 'tok_visa');
          // The process dies with the request: the buyer never hears back.
          await expect(buyer.send('POST', '/api/commerce/checkout', body)).rejects.toThrow();
          expect(await ended(crashing)).toBe('SIGKILL');
        } finally {
          if (crashing.child.exitCode === null && crashing.child.signalCode === null)
            crashing.child.kill('SIGKILL');
        }

        // What the dead process left behind.
        const left = await shop.read((db) => checkoutRecord(db, shop.websiteId));
        expect(left.reservations).toHaveLength(1);
        expect(left.reservations[0]?.state).toBe(point === 'confirmed' ? 'CONFIRMED' : 'RESERVED');
        expect(left.charges.map((c) => c.state)).toEqual(point === 'reserved' ? [] : ['captured']);
        expect(left.orders).toHaveLength(point === 'confirmed' ? 1 : 0);
        expect(await shop.read((db) => stockOf(db, shop.websiteId, SKU))).toBe(stockBefore - 2);

        // Restarted without the crash point, the sweep settles the abandoned reservation. On
        // PostgreSQL two processes restart at once, and both sweep it.
        let settled = 0;
        const restartEnv = {
          ...shop.env,
          LOG_LEVEL: 'info',
          CHECKOUT_STALE_SECONDS: String(staleSeconds),
          CHECKOUT_SWEEP_MS: '500',
        };
        const onLine = (line: string) => {
          if (!line.includes('"checkout-reservations"')) return;
          const entry = JSON.parse(line) as { placed: number; released: number };
          settled += entry.placed + entry.released;
        };
        const restarted = await Promise.all(
          Array.from({ length: backend === 'postgres' ? 2 : 1 }, () => spawnServer(restartEnv, { onLine })),
        );
        let cartLines: { chosenVariant: { sku: string }; quantity: number }[];
        try {
          const pending = pendingOf(left);
          if (backend === 'postgres') {
            await until('the sweep to settle the reservation', async () =>
              pendingOf(await shop.read((db) => checkoutRecord(db, shop.websiteId))) === 0 ? true : undefined,
            );
          } else if (pending > 0) {
            // PGlite is this process's alone while it runs: its log says when it settled.
            await until('the sweep to settle the reservation', async () =>
              settled >= pending ? true : undefined,
            );
          }
          // Let every process sweep a few more times: a settled reservation stays as it is.
          await new Promise((r) => setTimeout(r, (pending > 0 ? 2 : staleSeconds + 2) * 1000));
          buyer.port = present(restarted[0], 'a restarted server').port;
          const cart = await buyer.get('/api/commerce/shopping-cart');
          cartLines = JSON.parse(cart.body).entries;
        } finally {
          await Promise.all(restarted.map((server) => server.stop()));
        }

        const after = await shop.read(async (db) => ({
          record: await checkoutRecord(db, shop.websiteId),
          stock: await stockOf(db, shop.websiteId, SKU),
        }));
        expect(brokenRules(after.record)).toEqual([]);
        const [reservation] = after.record.reservations;
        if (point === 'reserved') {
          // Never charged: released, its stock back, its cart open again for another try.
          expect(reservation).toMatchObject({ state: 'RELEASED', failure: SLOW_PAYMENT_MESSAGE });
          expect(after.record.charges).toEqual([]);
          expect(after.record.orders).toEqual([]);
          expect(after.stock).toBe(stockBefore);
          expect(cartLines.map((l) => [l.chosenVariant.sku, l.quantity])).toEqual([[SKU, 2]]);
        } else {
          // Charged: exactly one order for the one charge, the stock taken once, one receipt.
          const [charge] = after.record.charges;
          const [order] = after.record.orders;
          expect(after.record.orders).toHaveLength(1);
          expect(order).toMatchObject({
            status: 'PAID',
            paymentReference: charge?.reference,
            grandTotalCents: charge?.amountCents,
          });
          expect(reservation).toMatchObject({ state: 'CONFIRMED', orderId: order?.id });
          expect(after.record.receipts).toHaveLength(1);
          expect(after.stock).toBe(stockBefore - 2);
          expect(cartLines).toEqual([]);
        }
      } finally {
        await shop.close();
      }
    },
  );
});

const KEYS = {
  publishableKey: 'pk_test_51JuniperCrashPublishable',
  secretKey: 'sk_test_51JuniperCrashSecretKey12345',
  webhookSecret: 'whsec_JuniperCrashWebhookSecret999',
};

/**
 * An owner's refund through Stripe whose process dies after Stripe refunded but before the
 * answer came back (the claim is written, the order not yet updated). No production hook:
 * a pass-through in front of the Stripe-compatible server withholds the answer, and the test
 * kills the process. The claim keeps the order busy; the scheduler's claim sweep (run here
 * with the claim aged past STALE_CLAIM_SECONDS, by one process, or by two at once as every
 * process runs it) asks Stripe again with the claim's own key and finishes the refund once.
 */
describe.each(backends)('an owner refund killed between claim and finish on %s', (backend) => {
  let fake: FakeStripe;
  let proxy: Awaited<ReturnType<typeof startWithholdingProxy>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    proxy = await startWithholdingProxy(fake.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await fake?.close();
  });

  // Part of the total: a second finish would not be stopped by the refund-within-charge check.
  const PART = 1000;

  it.each([1, 2])(
    'refunds once at Stripe and once in the order (sweeps at once: %i)',
    { timeout: 180_000 },
    async (sweeps) => {
      const shop = await crashShop(backend, { secretsKey: randomBytes(32), stripeApiBase: proxy.url });
      let server = await spawnServer(shop.env);
      try {
        const owner = new Visitor(server.port, shop.host);
        await owner.signInOwner();
        const connected = await owner.send('PUT', '/api/owner/store/payments', {
          provider: 'stripe',
          captureMode: 'automatic',
          ...KEYS,
        });
        expect(connected.status, connected.body).toBe(200);
        const buyer = new Visitor(server.port, shop.host);
        const bought = await buyer.send(
          'POST',
          '/api/commerce/checkout',
          await buyer.fillCart(SKU, 1, 'pm_card_visa'),
        );
        expect(bought.status, bought.body).toBe(200);
        const orderId: string = JSON.parse(bought.body).order.id;

        const stripeAnswered = proxy.withholdNext('POST /v1/refunds');
        const refund = owner.send('POST', `/api/commerce/orders/${orderId}/refund`, { amountCents: PART });
        refund.catch(() => {});
        await stripeAnswered;
        server.child.kill('SIGKILL');
        await expect(refund).rejects.toThrow();
        expect(await ended(server)).toBe('SIGKILL');

        const paid = await shop.read(async (db) => {
          const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
          return { row, record: await checkoutRecord(db, shop.websiteId) };
        });
        const intent = fake.paymentIntents.get(paid.row?.paymentReference ?? '');
        expect(intent?.refunds.map((r) => r.amount)).toEqual([PART]);
        expect(paid.row).toMatchObject({ status: 'PAID', refundedCents: 0 });
        expect(paid.record.claims).toMatchObject([{ orderId, kind: 'refund' }]);

        // A restarted process keeps the order busy until the claim is finished: no second refund.
        server = await spawnServer(shop.env);
        owner.port = server.port;
        const retry = await owner.send('POST', `/api/commerce/orders/${orderId}/refund`, {
          amountCents: PART,
        });
        expect(retry.status).toBe(409);
        expect(JSON.parse(retry.body).error.message).toBe(ORDER_MESSAGES.busy);
        await server.stop();

        await shop.read((db) => backdateClaims(db, shop.websiteId, STALE_CLAIM_SECONDS + 60));
        await shop.withApp(async (app) => {
          const db = app.database.db;
          const sweep = () =>
            finishStaleClaims(
              db,
              (websiteId, name) => app.payments.named({ id: websiteId }, name),
              async (claim, row) => {
                const [site] = await db.select().from(websites).where(eq(websites.id, row.websiteId));
                if (site) await finishClaimed(db, site, claim, row.id);
              },
            );
          await Promise.allSettled(Array.from({ length: sweeps }, sweep));
        });

        const done = await shop.read(async (db) => {
          const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
          const refunds = await db
            .select()
            .from(orderEvents)
            .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'refunded')));
          const mails = await db
            .select()
            .from(emailOutbox)
            .where(and(eq(emailOutbox.websiteId, shop.websiteId), eq(emailOutbox.kind, 'order-refunded')));
          return { row, refunds, mails, record: await checkoutRecord(db, shop.websiteId) };
        });
        expect(done.record.claims).toEqual([]);
        expect(done.row).toMatchObject({ status: 'PAID', refundedCents: PART });
        expect(done.refunds).toHaveLength(1);
        expect(done.mails).toHaveLength(1);
        expect(intent?.refunds).toHaveLength(1);
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
        await shop.close();
      }
    },
  );
});
