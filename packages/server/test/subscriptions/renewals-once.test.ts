import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import {
  emailOutbox,
  orders,
  products,
  subscriptionCycles,
  subscriptions,
  testModeCharges,
  variants,
} from '../../src/db/schema/index';
import { runDueRenewals } from '../../src/services/subscriptions/renewals';
import { startSubscription } from '../../src/services/subscriptions/start';
import { crashShop } from '../checkout/crash-harness';
import { present } from '../helpers/present';
import { freePort, spawnServer } from '../helpers/spawn-server';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';

const DAY = 86_400_000;
const SKU = 'COFFEE-SUB';

/** `count` monthly coffee subscriptions of `websiteId`, paid today with the test card. */
async function subscribeMany(
  db: Database,
  websiteId: string,
  count: number,
  startAt: Date,
): Promise<string[]> {
  const [product] = await db
    .select({ itemId: variants.itemId })
    .from(variants)
    .innerJoin(products, eq(products.itemId, variants.itemId))
    .where(and(eq(variants.websiteId, websiteId), eq(variants.sku, SKU)));
  const itemId = present(product, 'coffee').itemId;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { subscriptionId } = await db.transaction((tx) =>
      startSubscription(tx, {
        websiteId,
        siteUserId: null,
        email: `once-${i}@example.com`,
        firstOrderId: null,
        itemId,
        sku: SKU,
        productName: 'Coffee Subscription',
        quantity: 1,
        unitPriceCents: 1600,
        currency: 'USD',
        terms: { kind: 'product', periodUnit: 'MONTH', periodValue: 1, numBillingCycles: 0, trialDays: 0 },
        startAt,
        timeZone: 'America/New_York',
        payment: { provider: 'test', customerRef: null, methodRef: 'tok_visa', label: 'Visa ending 4242' },
        shippingAddress: { city: 'Hudson', country: 'US' },
        testMode: true,
      }),
    );
    ids.push(subscriptionId);
  }
  return ids;
}

/** What renewing left for these subscriptions: cycles, provider charges, orders, receipts. */
async function renewalRecord(db: Database, ids: string[]) {
  const cycles = await db
    .select()
    .from(subscriptionCycles)
    .where(inArray(subscriptionCycles.subscriptionId, ids));
  const charges = (
    await Promise.all(
      ids.map((id) =>
        db
          .select()
          .from(testModeCharges)
          .where(like(testModeCharges.idempotencyKey, `renewal:${id}:%`)),
      ),
    )
  ).flat();
  const orderIds = cycles.flatMap((c) => (c.cycle > 1 && c.orderId ? [c.orderId] : []));
  const renewalOrders = orderIds.length
    ? await db.select().from(orders).where(inArray(orders.id, orderIds))
    : [];
  const subs = await db.select().from(subscriptions).where(inArray(subscriptions.id, ids));
  const emails = subs.map((s) => s.email);
  const receipts = await db
    .select()
    .from(emailOutbox)
    .where(
      and(
        // Other tests' sites on a shared database mail the same addresses: this site's only.
        inArray(emailOutbox.websiteId, [...new Set(subs.map((s) => s.websiteId))]),
        inArray(emailOutbox.toAddress, emails),
        eq(emailOutbox.kind, 'order-receipt'),
      ),
    );
  return { cycles, charges, renewalOrders, subs, receipts };
}

/** Each subscription renewed exactly once: one paid cycle 2, one captured charge, one order, one receipt. */
function expectRenewedOnce(record: Awaited<ReturnType<typeof renewalRecord>>, ids: string[]) {
  for (const id of ids) {
    const cycles = record.cycles.filter((c) => c.subscriptionId === id && c.cycle === 2);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ state: 'paid' });
    const charges = record.charges.filter((c) => c.idempotencyKey.startsWith(`renewal:${id}:2:`));
    expect(charges.map((c) => c.state)).toEqual(['captured']);
    const order = record.renewalOrders.filter((o) => o.id === cycles[0]?.orderId);
    expect(order).toHaveLength(1);
    expect(order[0]).toMatchObject({
      status: 'PAID',
      paymentReference: charges[0]?.reference,
      grandTotalCents: 1600,
    });
    expect(record.subs.find((s) => s.id === id)).toMatchObject({ status: 'active', cyclesDone: 2 });
  }
  expect(record.renewalOrders).toHaveLength(ids.length);
  expect(record.receipts).toHaveLength(ids.length);
}

describe.each(backends)('renewals charge each cycle once on %s', (backend) => {
  let site: TestSite;
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;
  beforeAll(async () => {
    site = await createTestSite(backend, { appOptions: { renewals: { everyMs: 0 } } });
    // The second instance has a connection pool of its own on PostgreSQL (as another server
    // process would); PGlite lives in one process, so there it shares the handle.
    const database =
      backend === 'postgres' ? await openDatabase({ databaseUrl: inject('postgresUrl') }) : site.app.database;
    second = await buildApp({
      database,
      logger: false,
      webhookDelivery: false,
      renewals: { everyMs: 0 },
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
    closeSecond = async () => {
      await second.close();
      if (database !== site.app.database) await database.close();
    };
  });
  afterAll(async () => {
    await closeSecond();
    await site.app.close();
  });

  it('two app instances renewing at the same moment charge each cycle once', {
    timeout: 120_000,
  }, async () => {
    const db = site.app.database.db;
    const startAt = new Date();
    const ids = await subscribeMany(db, site.websiteId, 8, startAt);
    const now = new Date(startAt.getTime() + 32 * DAY);
    const scope = { websiteId: site.websiteId };
    // Each instance runs twice at once: four runs race for the same eight cycles.
    const runs = await Promise.all([
      runDueRenewals(site.app, now, scope),
      runDueRenewals(second, now, scope),
      runDueRenewals(site.app, now, scope),
      runDueRenewals(second, now, scope),
    ]);
    expect(runs.reduce((sum, r) => sum + r.paid, 0)).toBe(ids.length);
    // And again later the same day: nothing more.
    const later = await Promise.all([
      runDueRenewals(site.app, new Date(now.getTime() + 3_600_000), scope),
      runDueRenewals(second, new Date(now.getTime() + 3_600_000), scope),
    ]);
    expect(later.reduce((sum, r) => sum + r.paid + r.failed, 0)).toBe(0);
    expectRenewedOnce(await renewalRecord(db, ids), ids);
  });
});

/**
 * A server process on `env` that is expected to die (its renewals reach the crash point,
 * maybe before it answers any request): answers the signal that ended it.
 */
async function runUntilKilled(env: Record<string, string>): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const timer = setTimeout(() => child.kill('SIGTERM'), 150_000);
  try {
    return await new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A real server process renews three subscriptions of a physical product with counted stock
 * and is killed (SIGKILL) as the first renewal reaches a point; a new process on the same
 * database, its renewals clock at the same instant, finishes: each cycle paid once, one charge
 * per cycle at the provider (test-mode charges live in the database), one order, the stock
 * taken once per renewal.
 */
describe.each(backends)('a renewal run killed mid-way on %s', (backend) => {
  it.each(['claimed', 'charged', 'recorded'] as const)(
    'killed at "%s": the restart finishes each cycle exactly once',
    { timeout: 240_000 },
    async (point) => {
      const shop = await crashShop(backend, { secretsKey: randomBytes(32) });
      try {
        const startAt = new Date();
        const ids = await shop.read(async (db) => {
          await db
            .update(variants)
            .set({ unlimited: false, qtyInStock: 10 })
            .where(and(eq(variants.websiteId, shop.websiteId), eq(variants.sku, SKU)));
          return subscribeMany(db, shop.websiteId, 3, startAt);
        });
        const env = {
          ...shop.env,
          RENEWAL_NOW: new Date(startAt.getTime() + 32 * DAY).toISOString(),
          RENEWAL_EVERY_MS: '300',
          RENEWAL_FIRST_MS: '0',
          RENEWAL_WEBSITE_ID: shop.websiteId,
        };
        expect(await runUntilKilled({ ...env, RENEWAL_CRASH_AT: point })).toBe('SIGKILL');
        const left = await shop.read((db) => renewalRecord(db, ids));
        const open = left.cycles.filter((c) => c.cycle === 2);
        expect(open).toHaveLength(1);
        expect(open[0]?.state).toBe(point === 'recorded' ? 'paid' : 'charging');
        expect(left.charges.map((c) => c.state)).toEqual(point === 'claimed' ? [] : ['captured']);

        // The restarted process finds the claim abandoned at once (stale after 0 s) and asks
        // the provider again with the same key.
        let paid = 0;
        const restarted = await spawnServer(
          { ...env, LOG_LEVEL: 'info', RENEWAL_STALE_SECONDS: '0' },
          {
            onLine: (line) => {
              if (!line.includes('"renewals"')) return;
              paid += (JSON.parse(line) as { renewals: { paid: number } }).renewals.paid;
            },
          },
        );
        try {
          const expected = point === 'recorded' ? 2 : 3;
          const deadline = Date.now() + 60_000;
          while (paid < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
          // A few more runs: what is renewed stays renewed.
          await new Promise((r) => setTimeout(r, 1500));
        } finally {
          await restarted.stop();
        }
        const after = await shop.read(async (db) => ({
          record: await renewalRecord(db, ids),
          stock: present(
            (
              await db
                .select({ qty: variants.qtyInStock })
                .from(variants)
                .where(and(eq(variants.websiteId, shop.websiteId), eq(variants.sku, SKU)))
            )[0],
            'stock',
          ).qty,
        }));
        expectRenewedOnce(after.record, ids);
        // The crashed cycle kept its attempt: one key, one charge.
        expect(after.record.charges).toHaveLength(3);
        expect(after.stock).toBe(10 - 3);
      } finally {
        await shop.close();
      }
    },
  );
});
