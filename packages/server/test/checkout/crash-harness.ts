import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import {
  carts,
  checkoutReservations,
  emailOutbox,
  orderPaymentOperations,
  orders,
  testModeCharges,
  variants,
} from '../../src/db/schema/index';
import { seedDemoSite } from '../../src/seed/seed-demo-site';
import { DEMO_OWNER } from '../../src/services/site-users/demo-accounts';
import { shippingAddress } from '../helpers/shop';
import { type Answer, httpRequest } from '../helpers/spawn-server';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { type Backend, uniqueHost } from '../helpers/test-db';

/**
 * A shop whose database real server processes open (and are killed on): on PostgreSQL a
 * site made with createTestSite on the shared test database; on PGlite a demo site seeded
 * into a data dir of its own, which the test reads only while no server process holds it.
 */
export interface CrashShop {
  backend: Backend;
  host: string;
  websiteId: string;
  /** The environment of a server process on this shop's database. */
  env: Record<string, string>;
  /** Read (or change) the database: on PGlite only while no server process has it open. */
  read<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** An app of this server's own on the database (the scheduler's sweeps, run by the test). */
  withApp<T>(work: (app: FastifyInstance) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const baseConfig = {
  databaseUrl: undefined,
  logLevel: 'silent' as const,
  smtpUrl: undefined,
  natsUrl: undefined,
  seedDemo: false,
  cartWritesPer10s: 100,
  trustProxy: true,
};

export async function crashShop(
  backend: Backend,
  options: { secretsKey: Buffer; stripeApiBase?: string },
): Promise<CrashShop> {
  const common = {
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    SMTP_URL: '',
    NATS_URL: '',
    REDIS_URL: '',
    SECRETS_KEY: options.secretsKey.toString('base64'),
    STRIPE_API_BASE: options.stripeApiBase ?? '',
  };
  const config = { secretsKey: options.secretsKey, stripeApiBase: options.stripeApiBase };
  if (backend === 'postgres') {
    const site: TestSite = await createTestSite('postgres', { config });
    return {
      backend,
      host: site.host,
      websiteId: site.websiteId,
      env: { ...common, DATABASE_URL: inject('postgresUrl'), DATA_DIR: '/nonexistent' },
      read: (work) => work(site.app.database.db),
      withApp: (work) => work(site.app),
      close: () => site.app.close(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-shop-'));
  fs.cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'pglite'), { recursive: true });
  const host = uniqueHost();
  const read = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    const handle = await openDatabase({ dataDir });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };
  const websiteId = await read((db) =>
    seedDemoSite(db, { identifier: host, hosts: [host], isDefault: false }),
  );
  return {
    backend,
    host,
    websiteId,
    env: { ...common, DATABASE_URL: '', DATA_DIR: dataDir },
    read,
    async withApp(work) {
      const app = await buildApp({ logger: false, config: { ...baseConfig, ...config, dataDir } });
      try {
        return await work(app);
      } finally {
        await app.close();
      }
    },
    close: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A shop visitor (or owner) talking HTTP to a server process, keeping its cookies. */
export class Visitor {
  readonly cookies: Record<string, string> = {};
  constructor(
    public port: number,
    readonly host: string,
  ) {}

  private keep(res: Answer): Answer {
    const set = res.headers['set-cookie'] ?? [];
    for (const cookie of set) {
      const [pair] = cookie.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies[pair.slice(0, at)] = pair.slice(at + 1);
    }
    return res;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      host: this.host,
      cookie: Object.entries(this.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      ...(this.cookies.crumb ? { 'x-csrf-token': this.cookies.crumb } : {}),
      ...extra,
    };
  }

  async get(url: string): Promise<Answer> {
    return this.keep(await httpRequest(this.port, { method: 'GET', path: url, headers: this.headers() }));
  }

  async send(method: 'POST' | 'PUT', url: string, body?: unknown): Promise<Answer> {
    const json = body === undefined ? undefined : JSON.stringify(body);
    const headers = this.headers(json ? { 'content-type': 'application/json' } : {});
    return this.keep(await httpRequest(this.port, { method, path: url, headers, body: json }));
  }

  /** The tee's page context (which sets the crumb cookie, as any page does): its item id. */
  async teeId(): Promise<string> {
    const page = await this.get('/shop/p/classic-tee?format=json');
    if (page.status !== 200) throw new Error(`product page answered ${page.status}`);
    if (!this.cookies.crumb) throw new Error('no crumb cookie on the product page');
    return JSON.parse(page.body).item.id;
  }

  /** Put `quantity` of a tee in the cart and answer the checkout body for it. */
  async fillCart(sku: string, quantity: number, token: string): Promise<Record<string, unknown>> {
    const itemId = await this.teeId();
    const added = await this.send('POST', '/api/commerce/shopping-cart/entries', { itemId, sku, quantity });
    if (added.status !== 200) throw new Error(`add to cart answered ${added.status}: ${added.body}`);
    const cart = JSON.parse((await this.get('/api/commerce/shopping-cart')).body);
    return {
      email: 'crash@example.com',
      shippingAddress,
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { token },
    };
  }

  async signInOwner(): Promise<void> {
    await this.teeId();
    const res = await this.send('POST', '/api/site-users/account/session', DEMO_OWNER);
    if (res.status !== 200) throw new Error(`owner sign-in answered ${res.status}`);
  }
}

export async function stockOf(db: Database, websiteId: string, sku: string): Promise<number> {
  const [row] = await db
    .select({ qty: variants.qtyInStock })
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), eq(variants.sku, sku)));
  if (!row) throw new Error(`no variant ${sku}`);
  return row.qty;
}

/** Everything a checkout left in the database for one site. */
export async function checkoutRecord(db: Database, websiteId: string) {
  const reservations = await db
    .select()
    .from(checkoutReservations)
    .where(eq(checkoutReservations.websiteId, websiteId));
  const ids = reservations.map((r) => `checkout:${r.id}`);
  const charges =
    ids.length === 0
      ? []
      : await db.select().from(testModeCharges).where(inArray(testModeCharges.idempotencyKey, ids));
  const placed = await db.select().from(orders).where(eq(orders.websiteId, websiteId));
  const receipts = await db
    .select({ subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.websiteId, websiteId), eq(emailOutbox.kind, 'order-receipt')));
  const openCarts = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.websiteId, websiteId), eq(carts.isPurchased, false)));
  const claims = await db
    .select()
    .from(orderPaymentOperations)
    .where(eq(orderPaymentOperations.websiteId, websiteId));
  return { reservations, charges, orders: placed, receipts, openCarts, claims };
}

export type CheckoutRecord = Awaited<ReturnType<typeof checkoutRecord>>;

/**
 * What must hold whatever point a checkout stopped at, once settled: every charge has exactly
 * one order (its reservation CONFIRMED); every reservation without a charge is RELEASED; no
 * order without a charge; one receipt per order. Answers the broken rules (none when sound).
 */
export function brokenRules(record: CheckoutRecord): string[] {
  const broken: string[] = [];
  const chargeOf = new Map(record.charges.map((c) => [c.idempotencyKey, c]));
  for (const r of record.reservations) {
    const charge = chargeOf.get(`checkout:${r.id}`);
    if (!charge && r.state !== 'RELEASED') broken.push(`reservation ${r.id} has no charge but is ${r.state}`);
    if (charge?.state === 'captured' || charge?.state === 'authorised') {
      const matching = record.orders.filter((o) => o.paymentReference === charge.reference);
      if (matching.length !== 1) broken.push(`charge ${charge.reference} has ${matching.length} orders`);
      if (r.state !== 'CONFIRMED' || r.orderId !== matching[0]?.id)
        broken.push(`reservation ${r.id} of a paid charge is ${r.state}`);
    }
  }
  const paid = new Set(
    record.charges.filter((c) => c.state === 'captured' || c.state === 'authorised').map((c) => c.reference),
  );
  for (const o of record.orders) {
    if (!paid.has(o.paymentReference)) broken.push(`order ${o.id} has no charge`);
    const receipts = record.receipts.filter((m) => m.subject.includes(`#${o.orderNumber} `)).length;
    if (receipts !== 1) broken.push(`order ${o.id} has ${receipts} receipts`);
  }
  if (record.receipts.length !== record.orders.length)
    broken.push(`${record.receipts.length} receipts for ${record.orders.length} orders`);
  return broken;
}

/** Reservations still waiting to be settled (RESERVED or ACTION). */
export const pendingOf = (record: CheckoutRecord) =>
  record.reservations.filter((r) => r.state === 'RESERVED' || r.state === 'ACTION').length;

export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Age the site's claimed owner actions, as if their request had died `seconds` ago. */
export async function backdateClaims(db: Database, websiteId: string, seconds: number): Promise<void> {
  await db
    .update(orderPaymentOperations)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(orderPaymentOperations.websiteId, websiteId));
}

/**
 * A pass-through in front of the Stripe-compatible server that can withhold the answer to
 * one route: the request reaches Stripe (the money moves) but the caller never hears back,
 * as when the process dies mid-call.
 */
export async function startWithholdingProxy(target: string) {
  let withhold: { route: string; reached: () => void } | undefined;
  const held: ServerResponse[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  const server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
      const method = req.method ?? 'GET';
      const upstream = await fetch(`${target}${req.url}`, {
        method,
        headers,
        ...(method === 'GET' ? {} : { body: new Uint8Array(body) }),
      });
      const text = await upstream.text();
      const route = `${method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      if (withhold && withhold.route === route) {
        held.push(res);
        const { reached } = withhold;
        withhold = undefined;
        reached();
        return;
      }
      const out: Record<string, string> = { 'content-type': 'application/json' };
      for (const name of ['request-id', 'idempotent-replayed']) {
        const value = upstream.headers.get(name);
        if (value) out[name] = value;
      }
      res.writeHead(upstream.status, out);
      res.end(text);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The next `route` (e.g. 'POST /v1/refunds') is forwarded, then never answered; resolves once Stripe answered it. */
    withholdNext(route: string): Promise<void> {
      return new Promise((reached) => {
        withhold = { route, reached };
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
