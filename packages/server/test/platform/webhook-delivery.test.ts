import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS } from '@store/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { webhookDeliveries } from '../../src/db/schema/index';
import { verifySignature } from '../../src/services/webhooks/signing';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { emptyDatabase } from '../helpers/empty-database';
import { backends } from '../helpers/test-db';
import { placedOrder } from '../orders/orders-helpers';
import { sessionOf } from '../restock-helpers';

interface Receipt {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine: answers `answers` in turn (then 200) and records every request. */
async function receiver(answers: number[]) {
  const receipts: Receipt[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      receipts.push({ status, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(status).end(status === 200 ? 'ok' : 'broken');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    receipts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const config = { webhooksAllowPrivate: true, secretsKey: randomBytes(32) };

describe.each(backends)('webhook delivery through a 500 and a restart on %s', (backend) => {
  let site: TestSite;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  // A database of its own: servers and apps of other files share the test database, and their
  // webhook workers (sealed with other keys) would claim these deliveries.
  let own: Awaited<ReturnType<typeof emptyDatabase>>;

  beforeAll(async () => {
    hooks = await receiver([500]);
    own = await emptyDatabase(backend);
    site = await createTestSite(backend, {
      config,
      appOptions: { webhookDelivery: true },
      database: own.database,
    });
  }, 120_000);
  afterAll(async () => {
    await hooks.close();
    await own?.drop();
  });

  it('the receiver gets one signed order.paid exactly once, with the event id to de-duplicate on', async () => {
    const owner = { siteUserSession: await sessionOf(site, 'owner') };
    const created = await site.request({
      method: 'POST',
      url: '/api/studio/webhooks',
      cookies: owner,
      payload: { url: hooks.url, events: ['order.paid'], description: 'Fulfilment' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.json() as { endpoint: { id: string }; secret: string };
    expect(secret).toMatch(/^whsec_/);

    const order = await placedOrder(site);
    const db = site.app.database.db;
    const rows = () =>
      db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    // The first attempt meets the 500 and is put back with a backoff.
    await until('the first attempt', async () => (await rows())[0]?.lastResponseCode === 500);
    const [first] = await rows();
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, eventType: 'order.paid' });
    expect(first?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // The sender stops; by the time a new one starts, the retry is due.
    await site.app.close();
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const restarted = await buildApp({
      database: own.database,
      logger: false,
      config: {
        ...site.app.config,
      },
    });
    try {
      await restarted.ready();
      await until('the retry', async () => (await rows())[0]?.status === 'SENT');
      // Let the worker run a few more rounds: nothing else goes out.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
    } finally {
      await restarted.close();
    }

    const ok = hooks.receipts.filter((r) => r.status === 200);
    expect(hooks.receipts.map((r) => r.status)).toEqual([500, 200]);
    expect(ok).toHaveLength(1);
    const [receipt] = ok as [Receipt];
    const signature = receipt.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, receipt.body, secret)).toBe(true);
    expect(verifySignature(signature, receipt.body.replace('order.paid', 'order.paix'), secret)).toBe(false);
    const event = JSON.parse(receipt.body);
    expect(event).toMatchObject({ type: 'order.paid', data: { object: { id: order.id, status: 'PAID' } } });
    // Both attempts carried the same event id: a receiver that saw the first could skip the second.
    expect(hooks.receipts.map((r) => r.headers[WEBHOOK_HEADERS.eventId.toLowerCase()])).toEqual([
      event.id,
      event.id,
    ]);
    const [done] = await rows();
    expect(done).toMatchObject({ status: 'SENT', attempts: 2, lastResponseCode: 200 });
  }, 120_000);
});
