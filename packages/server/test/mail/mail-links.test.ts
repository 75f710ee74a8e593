import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index';
import { formIdOf, submissionKey } from '../forms-helpers';
import { placedOrder } from '../orders/orders-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { type Backend, backends, testDatabase } from '../helpers/test-db';
import { restock, sessionOf, soldOutMug } from '../restock-helpers';

/** The newest queued message of `kind` to `to` on the site, as it will be sent (text and HTML). */
async function queued(backend: Backend, site: TestSite, kind: string, to: string) {
  const { db } = await testDatabase(backend);
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.websiteId, site.websiteId),
        eq(emailOutbox.kind, kind),
        eq(emailOutbox.toAddress, to),
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${kind} mail to ${to}`);
  return { text: row.textBody, html: row.htmlBody ?? '' };
}

/** Every web address in the message's text and in its HTML's href/src attributes. */
function addressesIn(mail: { text: string; html: string }): string[] {
  const inText = mail.text.match(/https?:\/\/[^\s)]+/g) ?? [];
  const inHtml = [...mail.html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) =>
    (m[1] ?? '').replaceAll('&amp;', '&'),
  );
  return [...inText, ...inHtml];
}

async function invite(site: TestSite, owner: Record<string, string>, email: string) {
  const res = await site.request({
    method: 'POST',
    url: '/api/studio/contributors/invitations',
    cookies: owner,
    payload: { email, roleCode: 4 },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe.each(backends)('links in mail follow the public address, on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
    const res = await site.request({
      method: 'PUT',
      url: '/api/owner/mail-settings',
      cookies: owner,
      payload: { publicAddress: 'https://shop.example.com', senderName: '', senderAddress: '', smtp: null },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => site.app.close());

  it('receipt, owner notice, invitation, restock and form notice mail link only to https://shop.example.com', async () => {
    const buyer = `links-${backend}-${Date.now()}@example.com`;
    const order = await placedOrder(site, { email: buyer });
    const receipt = await queued(backend, site, 'order-receipt', buyer);
    expect(receipt.text).toContain(
      `https://shop.example.com/commerce/orders/${order.id}?token=${encodeURIComponent(order.accessToken)}`,
    );
    expect(receipt.html).toContain(`href="https://shop.example.com/commerce/orders/${order.id}?token=`);
    const notice = await queued(backend, site, 'order-notice', 'owner@juniper-oak.test');
    expect(notice.text).toContain(`https://shop.example.com/config/commerce/orders/${order.id}`);

    const invitee = `links-invitee-${backend}-${Date.now()}@example.com`;
    await invite(site, owner, invitee);
    const invitation = await queued(backend, site, 'contributor-invitation', invitee);
    expect(invitation.text).toMatch(/^https:\/\/shop\.example\.com\/config\/accept-invitation\?token=/m);

    const mug = await soldOutMug(backend, site);
    const watcher = `links-restock-${backend}-${Date.now()}@example.com`;
    const signup = await site.request({
      method: 'POST',
      url: '/api/site-users/account/notifications/restock',
      payload: { productId: mug.white.productId, variantId: mug.white.variantId, siteVisitorEmail: watcher },
    });
    expect(signup.statusCode).toBe(200);
    await restock(backend, mug.white.variantId, 4);
    const sent = await site.request({
      method: 'POST',
      url: '/api/site-users/account/notifications/restock/send',
      cookies: owner,
      payload: { productId: mug.white.productId, variantId: mug.white.variantId },
    });
    expect(sent.statusCode).toBe(200);
    const restockMail = await queued(backend, site, 'restock', watcher);

    const subscriber = `links-form-${backend}-${Date.now()}@example.com`;
    const submitted = await site.request({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      payload: {
        formId: await formIdOf(backend, site, 'Newsletter'),
        form: JSON.stringify({ 'email-nl': subscriber }),
        key: await submissionKey(site),
        pagePath: '/journal',
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { db } = await testDatabase(backend);
    const [formRow] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'form-submission')))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const formNotice = { text: formRow?.textBody ?? '', html: formRow?.htmlBody ?? '' };
    expect(formNotice.text).toContain(subscriber);
    expect(formNotice.text).toContain('Sent from https://shop.example.com/journal');
    expect(formNotice.text).toContain('All submissions: https://shop.example.com/config/forms/submissions');

    for (const mail of [receipt, notice, invitation, restockMail, formNotice]) {
      const addresses = addressesIn(mail);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.filter((a) => !a.startsWith('https://shop.example.com/'))).toEqual([]);
    }
  });

  it('canonical URLs, robots.txt and the sitemap use the public address', async () => {
    await expect
      .poll(async () => (await site.request({ method: 'GET', url: '/sitemap.xml' })).body, {
        timeout: 8_000,
        interval: 250,
      })
      .toContain('<loc>https://shop.example.com/');
    const sitemap = (await site.request({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).not.toMatch(new RegExp(`<loc>https?://${site.host}`));
    const robots = (await site.request({ method: 'GET', url: '/robots.txt' })).body;
    expect(robots).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    const page = (await site.request({ method: 'GET', url: '/shop/p/classic-tee' })).body;
    expect(page).toContain('<link rel="canonical" href="https://shop.example.com/shop/p/classic-tee">');
  });
});

describe.each(backends)('before the public address is set, on %s', (backend) => {
  it('links go to the address the server listens on: http, the site’s host, the listening port', async () => {
    const site = await createTestSite(backend);
    try {
      await site.app.listen({ port: 0, host: '127.0.0.1' });
      const address = site.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const buyer = `listening-${backend}-${Date.now()}@example.com`;
      const order = await placedOrder(site, { email: buyer });
      const receipt = await queued(backend, site, 'order-receipt', buyer);
      const origin = `http://${site.host}:${port}`;
      expect(receipt.text).toContain(`${origin}/commerce/orders/${order.id}?token=`);
      expect(addressesIn(receipt).filter((a) => !a.startsWith(`${origin}/`))).toEqual([]);
      expect(receipt.text).not.toContain('https://');
      // The settings say so too.
      const owner = { siteUserSession: await sessionOf(site, 'owner') };
      const settings = (
        await site.request({ method: 'GET', url: '/api/owner/mail-settings', cookies: owner })
      ).json();
      expect(settings).toMatchObject({
        publicAddress: null,
        effectiveAddress: origin,
        listeningAddress: origin,
      });
    } finally {
      await site.app.close();
    }
  });
});
