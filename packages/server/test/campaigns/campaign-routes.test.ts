import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, emailOutbox } from '../../src/db/schema/index';
import { listMembers } from '../../src/db/schema/newsletter';
import { linkSigner, clickToken, openToken } from '../../src/services/campaigns/links';
import { contributorSession } from '../contributors/contributor-helpers';
import { sessionOf } from '../restock-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { listWith } from './campaign-helpers';

// No worker of this file's apps queues mail (the tests only compose, preview and test-send).
process.env.CAMPAIGNS_EVERY_MS = '0';

describe.each(backends)('campaigns in the studio on %s', { timeout: 90_000 }, (backend) => {
  let site: TestSite;
  let other: TestSite;
  let owner: Record<string, string>;
  let listId: string;
  const db = async () => (await testDatabase(backend)).db;
  const call = (method: string, url: string, payload?: unknown, cookies = owner, on = site) =>
    on.request({
      method: method as 'GET',
      url,
      cookies,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const draft = {
    subject: 'Autumn arrivals',
    preheader: 'New in this week',
    fromName: 'Juniper & Oak',
    blocks: [
      {
        type: 'text',
        html: '<p onclick="x()">Hi <b>there</b><script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://ok.example/">good</a></p><img src=x onerror=alert(1)>',
      },
      { type: 'button', label: 'See what is new', url: 'https://ok.example/new' },
      { type: 'divider' },
    ],
    listIds: [] as string[],
    segment: null,
    tracking: true,
  };

  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
    listId = await listWith(await db(), site.websiteId, 'Regulars', ['reg1@example.com', 'reg2@example.com']);
  }, 90_000);
  afterAll(async () => {
    await site?.app.close();
    await other?.app.close();
  });

  async function made() {
    const res = await call('POST', '/api/studio/campaigns', {});
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  it('saves a draft with its text blocks cleaned on the server', async () => {
    const id = await made();
    const res = await call('PUT', `/api/studio/campaigns/${id}`, { ...draft, listIds: [listId] });
    expect(res.statusCode, res.body).toBe(200);
    const html = res.json().blocks[0].html as string;
    expect(html).toContain('<b>there</b>');
    expect(html).toContain('<a href="https://ok.example/">good</a>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript|<img/i);
    const list = (await call('GET', '/api/studio/campaigns')).json();
    expect(list.ratePerMinute).toBe(600);
    expect(list.lists).toEqual(expect.arrayContaining([{ id: listId, name: 'Regulars', subscribed: 2 }]));
    expect(list.campaigns.find((c: { id: string }) => c.id === id).status).toBe('draft');
  });

  it('keeps the sending rate the owner sets, within 1 to 100,000 a minute', async () => {
    const saved = await call('PUT', '/api/studio/campaigns/settings', { ratePerMinute: 90 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ratePerMinute: 90 });
    expect((await call('GET', '/api/studio/campaigns')).json().ratePerMinute).toBe(90);
    for (const ratePerMinute of [0, 100_001, 2.5, '60']) {
      const refused = await call('PUT', '/api/studio/campaigns/settings', { ratePerMinute });
      expect(refused.statusCode, String(ratePerMinute)).toBe(400);
      expect(refused.json().errors).toEqual({ ratePerMinute: 'Send between 1 and 100,000 mails a minute.' });
    }
    expect((await call('GET', '/api/studio/campaigns')).json().ratePerMinute).toBe(90);
    await call('PUT', '/api/studio/campaigns/settings', { ratePerMinute: 600 });
  });

  it('previews e-mail-safe HTML in the site design and a plain-text part', async () => {
    const id = await made();
    await call('PUT', `/api/studio/campaigns/${id}`, { ...draft, listIds: [listId] });
    const res = await call('POST', `/api/studio/campaigns/${id}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    const { html, text } = res.json();
    expect(html).toContain('role="presentation"');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('New in this week');
    expect(html).toContain('href="https://ok.example/new"');
    expect(text).toContain('See what is new: https://ok.example/new');
    expect(text).toContain('good (https://ok.example/)');
  });

  it('sends a test to one address through the outbox, with the campaign sender name', async () => {
    const id = await made();
    await call('PUT', `/api/studio/campaigns/${id}`, { ...draft, listIds: [listId] });
    const res = await call('POST', `/api/studio/campaigns/${id}/test`, { to: 'me@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await (await db())
      .select()
      .from(emailOutbox)
      // This site's mail only: other files on the worker's database send to the same address.
      .where(
        and(
          eq(emailOutbox.websiteId, site.websiteId),
          eq(emailOutbox.toAddress, 'me@example.com'),
          eq(emailOutbox.kind, 'campaign-test'),
        ),
      );
    expect(mail).toMatchObject({
      kind: 'campaign-test',
      subject: '[Test] Autumn arrivals',
      fromName: 'Juniper & Oak',
    });
    expect(
      (await call('POST', `/api/studio/campaigns/${id}/test`, { to: 'not-an-address' })).statusCode,
    ).toBe(400);
  });

  it('schedules, cancels, and refuses what is wrong with 4xx', async () => {
    const id = await made();
    // Nothing to send yet.
    expect((await call('POST', `/api/studio/campaigns/${id}/schedule`, { at: null })).statusCode).toBe(422);
    await call('PUT', `/api/studio/campaigns/${id}`, { ...draft, listIds: [listId] });
    const past = await call('POST', `/api/studio/campaigns/${id}/schedule`, { at: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(422);
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await call('POST', `/api/studio/campaigns/${id}/schedule`, { at });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduledAt: at });
    const cancelled = await call('POST', `/api/studio/campaigns/${id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'draft', scheduledAt: null });
    expect((await call('POST', `/api/studio/campaigns/${id}/cancel`)).statusCode).toBe(409);
    const bad = [
      { ...draft, blocks: [{ type: 'button', label: 'x', url: 'javascript:alert(1)' }] },
      { ...draft, blocks: [{ type: 'video', url: 'https://x' }] },
      { ...draft, subject: 'x'.repeat(151) },
      { ...draft, listIds: 'all' },
    ];
    for (const body of bad)
      expect((await call('PUT', `/api/studio/campaigns/${id}`, body)).statusCode).toBe(400);
    // A list of another site, a product this store does not have.
    const theirList = await listWith(await db(), other.websiteId, 'Theirs', ['t@example.com']);
    expect(
      (await call('PUT', `/api/studio/campaigns/${id}`, { ...draft, listIds: [theirList] })).statusCode,
    ).toBe(422);
    const noProduct = { ...draft, listIds: [listId], blocks: [{ type: 'product', productId: 'nope' }] };
    expect((await call('PUT', `/api/studio/campaigns/${id}`, noProduct)).statusCode).toBe(422);
    expect((await call('GET', '/api/studio/campaigns/nope')).statusCode).toBe(404);
  });

  it('keeps campaigns to their site and to people with the marketing capability', async () => {
    const id = await made();
    const otherOwner = { siteUserSession: await sessionOf(other, 'owner') };
    expect((await call('GET', `/api/studio/campaigns/${id}`, undefined, otherOwner, other)).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/api/studio/campaigns/${id}`, draft, otherOwner, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/studio/campaigns', undefined, {})).statusCode).toBe(401);
    const customer = { siteUserSession: await sessionOf(site, 'customer') };
    expect((await call('GET', '/api/studio/campaigns', undefined, customer)).statusCode).toBe(403);
    const marketer = { siteUserSession: (await contributorSession(backend, site, 11)).cookie };
    const viewer = { siteUserSession: (await contributorSession(backend, site, 10)).cookie };
    const designer = { siteUserSession: (await contributorSession(backend, site, 16)).cookie };
    expect((await call('PUT', `/api/studio/campaigns/${id}`, draft, marketer)).statusCode).toBe(200);
    expect((await call('GET', `/api/studio/campaigns/${id}`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('PUT', `/api/studio/campaigns/${id}`, draft, viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/studio/campaigns', undefined, designer)).statusCode).toBe(403);
  });

  it('one-click unsubscribe takes a POST without crumb, only with the token, and only unsubscribes', async () => {
    const d = await db();
    const [member] = await d.select().from(listMembers).where(eq(listMembers.email, 'reg1@example.com'));
    const id = await made();
    await d
      .update(campaigns)
      .set({ status: 'sent', listIds: [listId] })
      .where(eq(campaigns.id, id));
    const [r] = await d
      .insert(campaignRecipients)
      .values({
        campaignId: id,
        websiteId: site.websiteId,
        email: 'reg1@example.com',
        state: 'queued',
        queuedAt: new Date(),
      })
      .returning();
    const url = `/campaign-mail/unsubscribe/${r?.id}?token=${member?.unsubscribeToken}`;
    // A visit (a link scanner) changes nothing: it shows the unsubscribe page.
    const visit = await site.request({ method: 'GET', url, crumb: false });
    expect(visit.statusCode).toBe(303);
    expect(visit.headers.location).toBe(`/newsletter/unsubscribe?token=${member?.unsubscribeToken}`);
    const wrong = await site.request({
      method: 'POST',
      url: `/campaign-mail/unsubscribe/${r?.id}?token=wrong`,
      crumb: false,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.statusCode).toBe(404);
    // Another site's host does not know the token.
    const elsewhere = await other.request({ method: 'POST', url, crumb: false });
    expect(elsewhere.statusCode).toBe(404);
    const res = await site.request({
      method: 'POST',
      url,
      crumb: false,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await d
      .select()
      .from(listMembers)
      .where(eq(listMembers.id, member?.id ?? ''));
    expect(after?.status).toBe('unsubscribed');
    const numbers = (await call('GET', `/api/studio/campaigns/${id}`)).json().numbers;
    expect(numbers).toMatchObject({ recipients: 1, unsubscribed: 1 });
  });

  it('counts an open and a click once, and a click goes only to the campaign’s own address', async () => {
    const d = await db();
    const id = await made();
    await call('PUT', `/api/studio/campaigns/${id}`, { ...draft, listIds: [listId] });
    await d.update(campaigns).set({ status: 'sent' }).where(eq(campaigns.id, id));
    const [r] = await d
      .insert(campaignRecipients)
      .values({
        campaignId: id,
        websiteId: site.websiteId,
        email: 'reg2@example.com',
        state: 'queued',
        queuedAt: new Date(),
      })
      .returning();
    const sign = await linkSigner(d);
    const rid = r?.id ?? '';
    for (let i = 0; i < 2; i += 1) {
      const pixel = await site.request({
        method: 'GET',
        url: `/campaign-mail/o/${openToken(sign, rid)}.gif`,
        crumb: false,
      });
      expect(pixel.headers['content-type']).toBe('image/gif');
      const click = await site.request({
        method: 'GET',
        url: `/campaign-mail/c/${clickToken(sign, rid, 1)}`,
        crumb: false,
      });
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe('https://ok.example/new');
    }
    // A forged signature, a block without a link, an address in the query: no redirect.
    const forged = `/campaign-mail/c/${rid}.1.${'A'.repeat(32)}`;
    expect((await site.request({ method: 'GET', url: forged, crumb: false })).statusCode).toBe(404);
    const divider = `/campaign-mail/c/${clickToken(sign, rid, 2)}?url=https://evil.example`;
    expect((await site.request({ method: 'GET', url: divider, crumb: false })).statusCode).toBe(404);
    // Another site's host does not follow this site's link.
    expect(
      (
        await other.request({
          method: 'GET',
          url: `/campaign-mail/c/${clickToken(sign, rid, 1)}`,
          crumb: false,
        })
      ).statusCode,
    ).toBe(404);
    const numbers = (await call('GET', `/api/studio/campaigns/${id}`)).json().numbers;
    expect(numbers).toMatchObject({ recipients: 1, opened: 1, clicked: 1 });
  });
});
