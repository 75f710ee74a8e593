import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, memberAreas, memberships } from '../../src/db/schema/index';
import { DEMO_DOWNLOAD, seedDemoDownload } from '../../src/seed/demo-download';
import { productFileStorage } from '../../src/services/downloads/file-storage';
import { grantMembership } from '../../src/services/members/memberships';
import { createAccount } from '../../src/services/site-users/accounts';
import { cartWith, checkout } from '../gift-cards/gift-card-helpers';
import { demoProduct } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';

/**
 * "Who may see this" on every channel (docs/members.md): a page, a post, a block and a digital
 * product's file locked by the area "Gold", tried as an anonymous visitor, a signed-in customer
 * who is no member, a member of another area ("Silver"), a member whose membership has ended,
 * a customer whose membership is another site's, and a member of Gold.
 */

const ABOUT_TEXT = 'two-person studio';
const POST_BODY = 'fired twice';
const POST_EXCERPT = 'why they sell out';
const BLOCK_TEXT = 'Apparel, homeware and stationery';
const SUMMARY_TITLE = 'From the journal';

type Persona = 'anonymous' | 'customer' | 'silver' | 'expired' | 'otherSite' | 'gold';
const PERSONAS: Persona[] = ['anonymous', 'customer', 'silver', 'expired', 'otherSite', 'gold'];
const NON_MEMBERS = PERSONAS.filter((p) => p !== 'gold');

describe.each(backends)('member areas: who may see what, on every channel, on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let call: Call;
  const sessions: Partial<Record<Persona, string>> = {};
  let goldId = '';
  let downloadUrl = '';
  let mailText = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-gates-'));

  const visit = (persona: Persona, url: string) =>
    site.request({
      method: 'GET',
      url,
      crumb: false,
      cookies: sessions[persona] ? { siteUserSession: sessions[persona] } : {},
    });

  async function signIn(target: TestSite, email: string, password: string): Promise<string> {
    const res = await target.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.cookies.find((c) => c.name === 'siteUserSession')?.value ?? '';
  }

  async function customer(name: Persona): Promise<string> {
    const email = `${name}@members.test`;
    const { id } = await createAccount(site.app.database.db, {
      websiteId: site.websiteId,
      email,
      password: 'a long enough password',
      role: 'SITE_USER',
    });
    sessions[name] = await signIn(site, email, 'a long enough password');
    return id;
  }

  const pageId = async (urlId: string): Promise<string> =>
    (await call('GET', '/api/studio/pages')).json().pages.find((p: { urlId: string }) => p.urlId === urlId)
      .id;

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
    other = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    const db = site.app.database.db;

    // Two areas, made in the studio.
    const gold = await call('POST', '/api/studio/members/areas', {
      name: 'Gold',
      description: 'The workshop journal',
      deniedMessage: 'Gold members read this. Join to read on.',
    });
    expect(gold.statusCode, gold.body).toBe(201);
    goldId = gold.json().id;
    expect(gold.json()).toMatchObject({ slug: 'gold', joinPath: '/members/gold/join' });
    const silver = await call('POST', '/api/studio/members/areas', { name: 'Silver' });
    const silverId = silver.json().id;

    // A summary of the blog on the contact page: a list another page shows.
    const contact = await pageId('contact');
    const blog = await pageId('blog');
    const layout = (await call('GET', `/api/studio/pages/${contact}/layout`)).json().published;
    layout.sections[0].blocks.push({
      id: 'journal',
      type: 'summary',
      props: { collectionId: blog, title: SUMMARY_TITLE, limit: 6, design: 'list' },
    });
    const published = await call('POST', `/api/studio/pages/${contact}/publish`, { layout });
    expect(published.statusCode, published.body).toBe(200);

    // What Gold unlocks: the about page, a post, a block of the home page, a file.
    const storage = productFileStorage(site.app.config);
    await seedDemoDownload(db, storage, site.websiteId);
    const presets = await demoProduct(site, DEMO_DOWNLOAD.slug);
    const choices = (await call('GET', `/api/studio/members/areas/${goldId}/content`)).json().choices as {
      kind: string;
      ref: string;
      label: string;
    }[];
    const post = choices.find((c) => c.kind === 'item' && c.label === 'Behind the kiln');
    const home = await pageId('home');
    const wanted = [
      { kind: 'page', ref: await pageId('about') },
      { kind: 'item', ref: post?.ref },
      { kind: 'block', ref: `${home}:home-intro` },
      { kind: 'download', ref: presets.id },
    ];
    for (const w of wanted)
      expect(
        choices.some((c) => c.kind === w.kind && c.ref === w.ref),
        w.kind,
      ).toBe(true);
    const set = await call('PUT', `/api/studio/members/areas/${goldId}/content`, { content: wanted });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().content).toHaveLength(4);

    // The people.
    await customer('customer');
    await customer('silver');
    await customer('gold');
    const expiredId = await customer('expired');
    const otherSiteId = await customer('otherSite');
    expect(
      (await call('POST', `/api/studio/members/areas/${goldId}/members`, { email: 'gold@members.test' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call('POST', `/api/studio/members/areas/${silverId}/members`, { email: 'silver@members.test' }))
        .statusCode,
    ).toBe(201);
    await db.transaction((tx) =>
      grantMembership(tx, {
        websiteId: site.websiteId,
        siteUserId: expiredId,
        areaId: goldId,
        planId: null,
        source: 'owner',
        endsAt: new Date(Date.now() - 60_000),
      }),
    );
    // A membership of another site's area (its own Gold) grants nothing here.
    const [elsewhere] = await other.app.database.db
      .insert(memberAreas)
      .values({ websiteId: other.websiteId, name: 'Gold', slug: 'gold' })
      .returning({ id: memberAreas.id });
    await db.insert(memberships).values({
      websiteId: other.websiteId,
      areaId: elsewhere?.id ?? '',
      siteUserId: otherSiteId,
      source: 'owner',
    });

    // A buyer of the locked file: the receipt mail carries the download link.
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const bought = await checkout(site, cookies);
    expect(bought.statusCode, bought.body).toBe(200);
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'order-receipt')));
    mailText = `${mail?.textBody ?? ''}\n${mail?.htmlBody ?? ''}`;
    const link =
      /https?:\/\/[^\s"<]+\/downloads\/[^\s"<]+/.exec(mailText)?.[0] ?? bought.json().order.downloads[0].url;
    const url = new URL(link.replace(/&amp;/g, '&'));
    downloadUrl = `${url.pathname}${url.search}`;
    // Two sites, a purchase and six sign-ins: slow on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the areas with their counts, and the members with plan, status and since', async () => {
    const areas = (await call('GET', '/api/studio/members/areas')).json().areas;
    expect(areas.map((a: { name: string }) => a.name)).toEqual(['Gold', 'Silver']);
    // The expired membership and the other site's do not count.
    expect(areas[0]).toMatchObject({ memberCount: 1, contentCount: 4 });
    const members = (await call('GET', `/api/studio/members/areas/${goldId}/members`)).json().members;
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'gold@members.test',
          source: 'owner',
          status: 'active',
          hasAccess: true,
        }),
        expect.objectContaining({ email: 'expired@members.test', hasAccess: false }),
      ]),
    );
    expect(members.some((m: { email: string }) => m.email === 'othersite@members.test')).toBe(false);
  });

  it.each(NON_MEMBERS)('a locked page is the access-denied page (106) for %s, HTML and JSON', async (who) => {
    const html = await visit(who, '/about');
    expect(html.statusCode).toBe(200);
    expect(html.body).not.toContain(ABOUT_TEXT);
    expect(html.body).toContain('Gold members read this. Join to read on.');
    expect(html.body).toContain('href="/members/gold/join"');
    expect(html.body).toContain('data-census-button');
    const json = await visit(who, '/about?format=json');
    expect(json.json().pageType).toBe(106);
    expect(json.body).not.toContain(ABOUT_TEXT);
    expect(json.json()).not.toHaveProperty('layout');
  });

  it('a member of the area sees the locked page', async () => {
    expect((await visit('gold', '/about')).body).toContain(ABOUT_TEXT);
    const json = (await visit('gold', '/about?format=json')).json();
    expect(json.pageType).toBe(2);
    expect(JSON.stringify(json)).toContain(ABOUT_TEXT);
  });

  it.each(NON_MEMBERS)(
    'a locked post is its paywall (107) for %s: teaser and join button, no body',
    async (who) => {
      const html = await visit(who, '/blog/behind-the-kiln');
      expect(html.body).toContain('Behind the kiln');
      expect(html.body).toContain(POST_EXCERPT);
      expect(html.body).not.toContain(POST_BODY);
      expect(html.body).toContain('href="/members/gold/join"');
      const json = await visit(who, '/blog/behind-the-kiln?format=json');
      expect(json.json().pageType).toBe(107);
      expect(json.body).not.toContain(POST_BODY);
    },
  );

  it('a member reads the whole post', async () => {
    const json = await visit('gold', '/blog/behind-the-kiln?format=json');
    expect(json.json().pageType).toBe(50);
    expect(json.body).toContain(POST_BODY);
  });

  it.each(NON_MEMBERS)('a locked block is a placeholder with a join button for %s', async (who) => {
    const html = await visit(who, '/');
    expect(html.body).toContain('member-lock');
    expect(html.body).not.toContain(BLOCK_TEXT);
    // The rest of the page is there.
    expect(html.body).toContain('Made slowly, sold honestly');
    expect((await visit(who, '/?format=json')).body).not.toContain(BLOCK_TEXT);
  });

  it('a member sees the locked block', async () => {
    const html = await visit('gold', '/');
    expect(html.body).toContain(BLOCK_TEXT);
    expect(html.body).not.toContain('member-lock');
  });

  it.each(NON_MEMBERS)(
    'lists (the blog, a summary block) keep the title but not the body or excerpt for %s',
    async (who) => {
      const blog = (await visit(who, '/blog?format=json')).json();
      const post = blog.items.find((i: { urlId: string }) => i.urlId === 'behind-the-kiln');
      expect(post).toMatchObject({ title: 'Behind the kiln', body: '', excerpt: '', locked: true });
      const open = blog.items.find((i: { urlId: string }) => i.urlId === 'caring-for-merino');
      expect(open.body).toContain('Merino');
      const contact = await visit(who, '/contact?format=json');
      expect(contact.body).toContain('Behind the kiln');
      expect(contact.body).not.toContain(POST_BODY);
      expect(contact.body).not.toContain(POST_EXCERPT);
      expect((await visit(who, '/contact')).body).toContain(SUMMARY_TITLE);
    },
  );

  it('a member gets the lists whole', async () => {
    const blog = (await visit('gold', '/blog?format=json')).json();
    const post = blog.items.find((i: { urlId: string }) => i.urlId === 'behind-the-kiln');
    expect(post.body).toContain(POST_BODY);
    expect(post.locked).toBeUndefined();
    expect((await visit('gold', '/contact?format=json')).body).toContain(POST_BODY);
  });

  it.each(NON_MEMBERS)('site search does not find locked text for %s', async (who) => {
    const json = (await visit(who, '/search?q=forty&format=json')).json();
    expect(json.searchResults).toEqual([]);
    const about = (await visit(who, '/search?q=two-person&format=json')).json();
    expect(about.searchResults.map((r: { fullUrl: string }) => r.fullUrl)).not.toContain('/about');
    // The home page's locked block holds these words: the page is not found by them.
    const home = (await visit(who, '/search?q=stationery&format=json')).json();
    expect(JSON.stringify(home.searchResults)).not.toContain('stationery');
  });

  it('site search finds locked text for a member', async () => {
    const json = (await visit('gold', '/search?q=forty&format=json')).json();
    expect(json.searchResults.map((r: { title: string }) => r.title)).toContain('Behind the kiln');
  });

  it.each(NON_MEMBERS)(
    'the RSS feed carries the locked post’s title but not its words for %s',
    async (who) => {
      const rss = await visit(who, '/blog?format=rss');
      expect(rss.statusCode).toBe(200);
      expect(rss.body).toContain('Behind the kiln');
      expect(rss.body).not.toContain(POST_BODY);
      expect(rss.body).not.toContain(POST_EXCERPT);
    },
  );

  it('a member’s feed reader signed in gets the post', async () => {
    expect((await visit('gold', '/blog?format=rss')).body).toContain(POST_EXCERPT);
  });

  it('a translated page leaves a locked product’s translated text out too', async () => {
    await call('PUT', '/api/multilingual/languages', {
      languages: [
        { language: 'en-US', isDefault: true, enabled: true },
        { language: 'fr-FR', isDefault: false, enabled: true },
      ],
    });
    const tee = await demoProduct(site, 'classic-tee');
    const shelf = (await call('POST', '/api/studio/members/areas', { name: 'Shelf' })).json().id;
    await call('PUT', `/api/studio/members/areas/${shelf}/content`, {
      content: [{ kind: 'item', ref: tee.id }],
    });
    const saved = await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [
        { subjectType: 'product', subjectId: tee.id, field: 'description', value: '<p>Coton épais bio</p>' },
        {
          subjectType: 'product',
          subjectId: tee.id,
          field: 'summary',
          value: '<p>Coton pour tous les jours</p>',
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const who of PERSONAS) {
      for (const url of ['/shop?format=json&lang=fr-FR', '/shop/p/classic-tee?format=json&lang=fr-FR']) {
        const body = (await visit(who, url)).body;
        expect(body, `${who} ${url}`).not.toContain('Coton épais bio');
        expect(body, `${who} ${url}`).not.toContain('Coton pour tous les jours');
      }
    }
    // Unlocked again, the translation shows: it was the lock that kept it out.
    await call('DELETE', `/api/studio/members/areas/${shelf}`);
    expect((await visit('anonymous', '/shop/p/classic-tee?format=json&lang=fr-FR')).body).toContain(
      'Coton épais bio',
    );
    await call('PUT', '/api/multilingual/languages', {
      languages: [{ language: 'en-US', isDefault: true, enabled: true }],
    });
  });

  it('the sitemap leaves locked pages and posts out, whoever asks', async () => {
    for (const who of PERSONAS) {
      const map = await visit(who, '/sitemap.xml');
      expect(map.statusCode).toBe(200);
      expect(map.body).toContain('/blog/caring-for-merino');
      expect(map.body).not.toContain('/blog/behind-the-kiln');
      expect(map.body).not.toMatch(/\/about</);
    }
  });

  it('the receipt mail carries a link, not the file; the locked file goes to members only', async () => {
    expect(mailText).toContain('/downloads/');
    for (const who of NON_MEMBERS) {
      const res = await visit(who, downloadUrl);
      expect(res.statusCode, who).toBe(403);
      expect(res.body).toContain('Gold');
    }
    const file = await visit('gold', downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(DEMO_DOWNLOAD.filename);
  });

  it('a cached page is never served across access: anonymous, member, anonymous again', async () => {
    const first = await visit('anonymous', '/about');
    const second = await visit('anonymous', '/about');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(first.body).not.toContain(ABOUT_TEXT);
    expect(second.body).not.toContain(ABOUT_TEXT);
    const member = await visit('gold', '/about');
    const memberAgain = await visit('gold', '/about');
    expect(memberAgain.headers['x-page-cache']).toBe('hit');
    expect(member.body).toContain(ABOUT_TEXT);
    expect(memberAgain.body).toContain(ABOUT_TEXT);
    for (const who of NON_MEMBERS) {
      const again = await visit(who, '/about');
      expect(again.body, who).not.toContain(ABOUT_TEXT);
      const againJson = await visit(who, '/about?format=json');
      expect(againJson.body, who).not.toContain(ABOUT_TEXT);
    }
  });

  it('the members-only page setting still asks only for a sign-in (105 otherwise)', async () => {
    const id = await pageId('contact');
    await call('PUT', `/api/studio/pages/${id}/settings`, { membersOnly: true });
    expect((await visit('anonymous', '/contact?format=json')).json().pageType).toBe(105);
    expect((await visit('anonymous', '/contact')).body).toContain('This page is for members.');
    expect((await visit('customer', '/contact?format=json')).json().pageType).toBe(2);
    await call('PUT', `/api/studio/pages/${id}/settings`, { membersOnly: false });
  });

  it('removing a member ends the access at once; the owner can add them back', async () => {
    const members = (await call('GET', `/api/studio/members/areas/${goldId}/members`)).json().members;
    const gold = members.find((m: { email: string; hasAccess: boolean }) => m.email === 'gold@members.test');
    const removed = await call('DELETE', `/api/studio/members/areas/${goldId}/members/${gold.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await visit('gold', '/about')).body).not.toContain(ABOUT_TEXT);
    const again = await call('POST', `/api/studio/members/areas/${goldId}/members`, {
      email: 'gold@members.test',
    });
    expect(again.statusCode).toBe(201);
    expect((await visit('gold', '/about')).body).toContain(ABOUT_TEXT);
    expect(
      (
        await call('POST', `/api/studio/members/areas/${goldId}/members`, { email: 'gold@members.test' })
      ).json().reason,
    ).toBe('MEMBER_ALREADY');
  });

  it('refuses what is not this site’s, with reasons, never a 500', async () => {
    const unknown = await call('PUT', `/api/studio/members/areas/${goldId}/content`, {
      content: [{ kind: 'page', ref: 'not-a-page' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().reason).toBe('MEMBER_CONTENT_UNKNOWN');
    const nobody = await call('POST', `/api/studio/members/areas/${goldId}/members`, {
      email: 'nobody@x.test',
    });
    expect(nobody.statusCode).toBe(404);
    const taken = await call('POST', '/api/studio/members/areas', { name: 'Gold again', slug: 'gold' });
    expect(taken.statusCode).toBe(409);
    const missing = await call('GET', '/api/studio/members/areas/no-such-area/members');
    expect(missing.statusCode).toBe(404);
    const bad = await call('POST', '/api/studio/members/areas', { name: '', slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    // Another site's owner cannot see or change this site's areas.
    const { call: otherOwner } = await ownerClient(other);
    expect((await otherOwner('GET', `/api/studio/members/areas/${goldId}/members`)).statusCode).toBe(404);
    expect((await otherOwner('DELETE', `/api/studio/members/areas/${goldId}`)).statusCode).toBe(404);
  });

  it('deleting the area makes what it locked public again', async () => {
    const area = await call('POST', '/api/studio/members/areas', { name: 'Temporary' });
    const id = area.json().id;
    await call('PUT', `/api/studio/members/areas/${id}/content`, {
      content: [{ kind: 'page', ref: await pageId('contact') }],
    });
    expect((await visit('anonymous', '/contact?format=json')).json().pageType).toBe(106);
    expect((await call('DELETE', `/api/studio/members/areas/${id}`)).statusCode).toBe(200);
    expect((await visit('anonymous', '/contact?format=json')).json().pageType).toBe(2);
  });
});
