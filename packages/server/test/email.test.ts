import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/index';
import { MAX_ATTEMPTS, backoffMs, deliverDue } from '../src/services/outbox/outbox-worker';
import { formIdOf, submissionKey } from './forms-helpers';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';
import { restock, sessionOf, soldOutMug } from './restock-helpers';
import { present } from './helpers/present';
import { orderAction, ownerCookies, placedOrder } from './orders/orders-helpers';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that records what arrives. */
async function startSmtp(options: { failFirstContaining?: string } = {}) {
  const received: Received[] = [];
  let failOnce = options.failFirstContaining;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      // The envelope as it is now: a pipelining client may send the next one before 'end'.
      const to = session.envelope.rcptTo.map((r) => r.address);
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (failOnce && raw.includes(failOnce)) {
          failOnce = undefined;
          const err = Object.assign(new Error('try later'), { responseCode: 451 });
          return callback(err);
        }
        received.push({ to, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Waits for mail to arrive. The bound is generous: the worker sends every site's pending mail
 * in the order it was queued, and the suite's other sites on this database queue plenty.
 */
async function waitFor<T>(check: () => T | undefined, ms = 45_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const RESTOCK = '/api/site-users/account/notifications/restock';

describe.each(backends)('email outbox and SMTP on %s', { timeout: 90_000 }, (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let site: TestSite;
  beforeAll(async () => {
    smtp = await startSmtp();
    site = await createTestSite(backend, { config: { smtpUrl: smtp.url } });
    await site.app.ready();
  });
  afterAll(async () => {
    await site.app.close();
    await smtp.close();
  });

  it('restock: sign up for a sold-out variant, restock, send → exactly one email arrives', async () => {
    const mug = await soldOutMug(backend, site);
    const email = `once-${backend}-${Date.now()}@example.com`;
    const payload = {
      productId: mug.white.productId,
      variantId: mug.white.variantId,
      siteVisitorEmail: email,
    };
    expect((await site.request({ method: 'POST', url: RESTOCK, payload })).statusCode).toBe(200);
    expect((await site.request({ method: 'POST', url: RESTOCK, payload })).statusCode).toBe(200);
    await restock(backend, mug.white.variantId, 3);
    const owner = await sessionOf(site, 'owner');
    const ref = { productId: mug.white.productId, variantId: mug.white.variantId };
    const sends = await Promise.all(
      [0, 1].map(() =>
        site.request({
          method: 'POST',
          url: `${RESTOCK}/send`,
          payload: ref,
          cookies: { siteUserSession: owner },
        }),
      ),
    );
    expect(sends.map((s) => s.statusCode)).toEqual([200, 200]);
    const mine = () => smtp.received.filter((m) => m.to.includes(email));
    const [mail] = await waitFor(() => (mine().length > 0 ? mine() : undefined));
    expect(mail?.raw).toMatch(/Subject: Back in stock: Stoneware Mug/);
    expect(mail?.raw).toContain('is back in stock at Juniper & Oak');
    // Give a duplicate every chance to arrive (the worker polls every 2 s).
    await new Promise((r) => setTimeout(r, 2_500));
    expect(mine()).toHaveLength(1);
    const { db } = await testDatabase(backend);
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(rows.map((r) => r.status)).toEqual(['SENT']);
  });

  it("an order: the buyer's receipt and the owner's notice arrive; fulfilling it sends the shipping mail", async () => {
    const buyer = `buyer-${backend}-${Date.now()}@example.com`;
    const placed = await placedOrder(site, { email: buyer, quantity: 2 });
    const receipt = await waitFor(() => smtp.received.find((m) => m.to.includes(buyer)));
    expect(receipt.raw).toMatch(new RegExp(`Subject: .*#${placed.order.orderNumber}`));
    expect(receipt.raw).toContain('Classic Tee');
    expect(receipt.raw).toContain(placed.order.grandTotal.value);
    const notice = await waitFor(() =>
      smtp.received.find((m) => m.to.includes('owner@juniper-oak.test') && m.raw.includes(buyer)),
    );
    // Long lines arrive quoted-printable: undo the soft line breaks before reading the link.
    expect(notice.raw.replace(/=\r?\n/g, '')).toContain(`/config/commerce/orders/${placed.id}`);
    const owner = await ownerCookies(site);
    const fulfilled = await orderAction(site, owner, placed.id, 'fulfill', { trackingNumber: 'SMTP-1Z' });
    expect(fulfilled.statusCode).toBe(200);
    const shipped = await waitFor(() =>
      smtp.received.find((m) => m.to.includes(buyer) && m.raw.includes('SMTP-1Z')),
    );
    expect(shipped.raw).toMatch(/has shipped/);
  });

  it('form submission: the notification arrives at the form address', async () => {
    const formId = await formIdOf(backend, site, 'Newsletter');
    const subscriber = `sub-${backend}-${Date.now()}@example.com`;
    const res = await site.request({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      payload: { formId, form: JSON.stringify({ 'email-nl': subscriber }), key: await submissionKey(site) },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitFor(() => smtp.received.find((m) => m.raw.includes(subscriber)));
    expect(mail.to).toEqual(['studio@juniper-oak.test']);
    expect(mail.raw).toMatch(/Subject: New submission: Newsletter/);
  });
});

describe.each(backends)('outbox retries on %s', (backend) => {
  it('keeps mail across a restart without SMTP, then delivers it once SMTP is configured', async () => {
    const offline = await createTestSite(backend);
    const formId = await formIdOf(backend, offline, 'Newsletter');
    const subscriber = `later-${backend}-${Date.now()}@example.com`;
    await offline.request({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      payload: {
        formId,
        form: JSON.stringify({ 'email-nl': subscriber }),
        key: await submissionKey(offline),
      },
    });
    await offline.app.close();
    const { db } = await testDatabase(backend);
    const queued = await db.select().from(emailOutbox).where(eq(emailOutbox.websiteId, offline.websiteId));
    expect(queued.map((m) => m.status)).toEqual(['PENDING']);

    const smtp = await startSmtp({ failFirstContaining: subscriber });
    try {
      // First attempt fails (451): the message stays queued with a backoff.
      const transport = (await import('nodemailer')).default.createTransport(smtp.url);
      const failedFirst = await deliverDueFor(db, transport, offline.websiteId);
      expect(failedFirst?.status).toBe('PENDING');
      expect(failedFirst?.attempts).toBeGreaterThanOrEqual(1);
      expect(failedFirst?.lastError).toMatch(/451|try later/);
      expect(failedFirst?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Make it due now instead of waiting out the backoff, then it goes through.
      await db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date() })
        .where(eq(emailOutbox.id, present(failedFirst, 'the failed message').id));
      const sent = await deliverDueFor(db, transport, offline.websiteId);
      expect(sent?.status).toBe('SENT');
      expect(smtp.received.filter((m) => m.raw.includes(subscriber))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('backs off exponentially and gives up after the last attempt', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30)).toBe(3_600_000);
    expect(MAX_ATTEMPTS).toBeGreaterThan(3);
  });
});

/** Run the worker until this site's message has been attempted, then read it back. */
async function deliverDueFor(
  db: Awaited<ReturnType<typeof testDatabase>>['db'],
  transport: Parameters<typeof deliverDue>[1],
  websiteId: string,
) {
  const [before] = await db.select().from(emailOutbox).where(eq(emailOutbox.websiteId, websiteId));
  const attemptsBefore = present(before, 'a queued message').attempts;
  for (let i = 0; i < 50; i++) {
    await deliverDue(db, transport, 50);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.websiteId, websiteId));
    if (row && row.attempts > attemptsBefore) return row;
  }
  throw new Error('message was never attempted');
}
