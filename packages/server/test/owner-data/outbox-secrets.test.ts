import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, giftCards } from '../../src/db/schema/index';
import { theRow } from '../../src/db/rows';
import { DEMO_DOWNLOAD, seedDemoDownload } from '../../src/seed/demo-download';
import { enqueueEmail } from '../../src/services/email/email-outbox';
import { productFileStorage } from '../../src/services/downloads/file-storage';
import { contributorSession } from '../contributors/contributor-helpers';
import { cartWith, checkout } from '../gift-cards/gift-card-helpers';
import { demoProduct } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { type Backend, backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

/** A local SMTP server that keeps what it receives (the retried message's real text). */
async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push(raw);
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

const VIEWER = 10;
const CAMPAIGNS_EDITOR = 11;
const WEBSITE_MANAGER = 15;
const ADMIN = 1;

/**
 * Secrets are for the person they were sent to: an invitation link, an order's status link,
 * download links and gift card codes show in the outbox only to the owner and admins. Every
 * other role that reads mail sees the messages with those hidden.
 */
describe.each(backends)('secrets in the outbox on %s', (backend: Backend) => {
  let site: TestSite;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let owner: string;
  /** Every value that gives access to something, as the mails carry them. */
  const secrets: Record<string, string> = {};

  const outboxAs = async (cookie: string) => {
    const res = await site.request({
      method: 'GET',
      url: '/api/owner/outbox',
      cookies: { siteUserSession: cookie },
    });
    expect(res.statusCode).toBe(200);
    return res;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    site = await createTestSite(backend, { config: { smtpUrl: smtp.url } });
    owner = await sessionOf(site, 'owner');
    const db = site.app.database.db;
    await seedDemoDownload(db, productFileStorage(site.app.config), site.websiteId);
    // A purchase of a download and a gift card: a receipt (status and download links, the
    // card's code) and the gift card mail.
    const presets = await demoProduct(site, DEMO_DOWNLOAD.slug);
    const gift = await demoProduct(site, 'gift-card');
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const added = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      cookies,
      payload: { itemId: gift.id, sku: 'GIFT-25', quantity: 1 },
    });
    expect(added.statusCode).toBe(200);
    const bought = await checkout(site, cookies);
    expect(bought.statusCode, bought.body).toBe(200);
    const { order, accessToken } = bought.json();
    secrets.orderToken = accessToken;
    secrets.downloadLink = order.downloads[0].url;
    const [card] = await db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    secrets.giftCardCode = card?.code ?? 'no card';
    // An invitation to an admin's role: its link would make whoever follows it an admin.
    const invited = await site.request({
      method: 'POST',
      url: '/api/studio/contributors/invitations',
      cookies: { siteUserSession: owner },
      payload: { email: 'new-admin@example.com', roleCode: ADMIN },
    });
    expect(invited.statusCode).toBe(201);
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'contributor-invitation')));
    secrets.invitationToken = /accept-invitation\?token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1] ?? 'none';
    // Mail queued without naming its secrets: the query string of any address is hidden too.
    await db.transaction((tx) =>
      enqueueEmail(tx, {
        websiteId: site.websiteId,
        kind: 'form-submission',
        to: 'shop@example.com',
        subject: 'A link in a message',
        text: 'Reset here: https://elsewhere.example/reset?key=QUERY-SECRET-1#part=FRAGMENT-SECRET-2 thanks',
      }),
    );
    secrets.query = 'QUERY-SECRET-1';
    secrets.fragment = 'FRAGMENT-SECRET-2';
  });
  afterAll(async () => {
    await site.app.close();
    await smtp.close();
  });

  it('the mails hold every secret (what the outbox must hide)', async () => {
    const rows = await site.app.database.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.websiteId, site.websiteId));
    const all = rows.map((r) => r.text).join('\n');
    for (const [name, value] of Object.entries(secrets)) expect(all, name).toContain(value);
  });

  it.each([
    ['Viewer', VIEWER],
    ['Campaigns editor', CAMPAIGNS_EDITOR],
    ['Website manager', WEBSITE_MANAGER],
  ])('a %s reads the outbox with no token, link query or gift card code in it', async (_name, code) => {
    const { cookie } = await contributorSession(backend, site, code);
    const res = await outboxAs(cookie);
    const body = res.body;
    for (const [name, value] of Object.entries(secrets)) expect(body, name).not.toContain(value);
    const list = res.json();
    expect(list.secretsHidden).toBe(true);
    const invitation = list.messages.find((m: { kind: string }) => m.kind === 'contributor-invitation');
    expect(invitation.text).toContain('/config/accept-invitation?[hidden]');
    const receipt = list.messages.find((m: { kind: string }) => m.kind === 'order-receipt');
    expect(receipt.text).toContain('Order status: [hidden]');
    expect(receipt.text).toContain('Lightroom Presets: [hidden]');
    const card = list.messages.find((m: { kind: string }) => m.kind === 'gift-card');
    expect(card.text).toContain('Gift card code: [hidden]');
    const plain = list.messages.find((m: { subject: string }) => m.subject === 'A link in a message');
    expect(plain.text).toBe('Reset here: https://elsewhere.example/reset?[hidden] thanks');
  });

  it.each([
    ['an Admin', ADMIN],
    ['the owner', null],
  ])('%s sees every message whole', async (_name, code) => {
    const cookie = code === null ? owner : (await contributorSession(backend, site, code)).cookie;
    const res = await outboxAs(cookie);
    for (const [name, value] of Object.entries(secrets)) expect(res.body, name).toContain(value);
    expect(res.json().secretsHidden).toBe(false);
  });

  it('a retry by a Website manager answers the hidden view, and sends the real text', async () => {
    const link = 'https://shop.example/commerce/orders/o1?token=RETRY-SECRET-3';
    const failed = theRow(
      await site.app.database.db
        .insert(emailOutbox)
        .values({
          websiteId: site.websiteId,
          kind: 'order-shipped',
          toAddress: 'buyer@example.com',
          subject: 'Retry with a secret',
          textBody: `Order status: ${link}`,
          secrets: [link],
          status: 'FAILED',
          attempts: 8,
        })
        .returning(),
      'insert failed mail',
    );
    const { cookie } = await contributorSession(backend, site, WEBSITE_MANAGER);
    const res = await site.request({
      method: 'POST',
      url: `/api/owner/outbox/${failed.id}/retry`,
      cookies: { siteUserSession: cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.text).toBe('Order status: [hidden]');
    expect(res.body).not.toContain('RETRY-SECRET-3');
    const end = Date.now() + 15_000;
    while (!smtp.received.some((m) => m.includes('Retry with a secret')) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.find((m) => m.includes('Retry with a secret'))).toContain('RETRY-SECRET-3');
  });
});
