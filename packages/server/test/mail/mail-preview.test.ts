import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets, websites } from '../../src/db/schema/index';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

const KINDS = [
  'order-receipt',
  'order-notice',
  'order-shipped',
  'order-canceled',
  'order-refunded',
  'gift-card',
  'membership-confirmed',
  'restock',
  'form-submission',
  'contributor-invitation',
  'password-reset',
  'smtp-test',
];

describe.each(backends)('the e-mail preview (page type 301) on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
    const saved = await site.request({
      method: 'PUT',
      url: '/api/owner/mail-settings',
      cookies: owner,
      payload: {
        publicAddress: 'https://fern.example',
        senderName: '',
        senderAddress: 'shop@fern.example',
        smtp: null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A title that must be escaped everywhere it appears.
    const { db } = await testDatabase(backend);
    await db
      .update(websites)
      .set({ siteTitle: 'Fern & <Moss> "Shop"' })
      .where(eq(websites.id, site.websiteId));
  });
  afterAll(() => site.app.close());

  it('lists every kind of message the site sends', async () => {
    const res = await site.request({ method: 'GET', url: '/api/owner/mail-previews', cookies: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json().kinds.map((k: { kind: string }) => k.kind)).toEqual(KINDS);
  });

  it.each(KINDS)(
    '%s: sample data as it would go out, HTML and text, links under the public address',
    async (kind) => {
      const res = await site.request({
        method: 'GET',
        url: `/api/owner/mail-previews/${kind}`,
        cookies: owner,
      });
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json();
      expect(preview.kind).toBe(kind);
      expect(preview.from).toBe('"Fern & Moss Shop" <shop@fern.example>');
      expect(preview.subject.length).toBeGreaterThan(5);
      expect(preview.text.length).toBeGreaterThan(20);
      expect(preview.html).toMatch(/^<!doctype html>/);
      expect(preview.html).toContain('Fern &amp; &lt;Moss&gt; &quot;Shop&quot;');
      expect(preview.html).not.toContain('<Moss>');
      const links = [...preview.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(/^(https:\/\/fern\.example\/|mailto:)/);
    },
  );

  it('answers 404 for a kind there is not', async () => {
    const res = await site.request({ method: 'GET', url: '/api/owner/mail-previews/nope', cookies: owner });
    expect(res.statusCode).toBe(404);
  });

  it('the page shows each message: sender, subject, the HTML in a frame that runs nothing, the text part', async () => {
    const res = await site.request({
      method: 'GET',
      url: '/commerce/email-preview?kind=order-receipt',
      cookies: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('data-page-type="301"');
    expect(res.body).toContain('<h2>Order receipt</h2>');
    expect(res.body).toContain('&quot;Fern &amp; Moss Shop&quot; &lt;shop@fern.example&gt;');
    expect(res.body).toContain(
      '<iframe title="The HTML part" sandbox src="/commerce/email-preview/order-receipt/message.html">',
    );
    expect(res.body).toMatch(/<pre>Thank you for your order at Fern &amp; &lt;Moss&gt; &quot;Shop&quot;\./);
    for (const kind of KINDS) expect(res.body).toContain(`href="/commerce/email-preview?kind=${kind}"`);

    const frame = await site.request({
      method: 'GET',
      url: '/commerce/email-preview/order-receipt/message.html',
      cookies: owner,
    });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(frame.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('sandbox');
    expect(policy).not.toContain('script-src');
    expect(frame.body).toContain('Fern &amp; &lt;Moss&gt;');
  });

  it('is for the studio only: signed out 401, a customer 403, an Editor 403, a Viewer may look', async () => {
    const page = (cookies?: Record<string, string>) =>
      site.request({
        method: 'GET',
        url: '/commerce/email-preview?kind=restock',
        ...(cookies ? { cookies } : {}),
      });
    expect((await page()).statusCode).toBe(401);
    expect((await page({ siteUserSession: await sessionOf(site, 'customer') })).statusCode).toBe(403);
    const editor = await contributorSession(backend, site, 4);
    expect((await page({ siteUserSession: editor.cookie })).statusCode).toBe(403);
    const viewer = await contributorSession(backend, site, 10);
    expect((await page({ siteUserSession: viewer.cookie })).statusCode).toBe(200);
    const frame = await site.request({ method: 'GET', url: '/commerce/email-preview/restock/message.html' });
    expect(frame.statusCode).toBe(401);
    expect(frame.body).not.toContain('Back in stock');
  });

  it('shows the site’s logo (from Design → Brand) at the public address, with its alt text; the only thing loaded', async () => {
    const { db } = await testDatabase(backend);
    const [asset] = await db
      .insert(mediaAssets)
      .values({
        websiteId: site.websiteId,
        hash: 'a1b2c3d4e5f6',
        filename: 'fern.png',
        contentType: 'image/png',
        width: 400,
        height: 100,
        bytes: 1234,
      })
      .returning();
    await db
      .update(websites)
      .set({ logo: { mediaId: asset?.id ?? '', alt: 'Fern & Moss, a green leaf' } })
      .where(eq(websites.id, site.websiteId));
    try {
      const res = await site.request({
        method: 'GET',
        url: '/api/owner/mail-previews/order-receipt',
        cookies: owner,
      });
      const html: string = res.json().html;
      const loaded = [...html.matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1]);
      expect(loaded).toEqual(['https://fern.example/media/a1b2c3d4e5f6/logo.png']);
      expect(html).toContain('alt="Fern &amp; Moss, a green leaf" width="240"');
    } finally {
      await db.update(websites).set({ logo: null }).where(eq(websites.id, site.websiteId));
    }
  });
});
