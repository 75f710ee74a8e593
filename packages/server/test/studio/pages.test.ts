import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type Call, ownerClient } from './studio-helpers';

describe.each(backends)('studio pages and page settings on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  const pageId = async (urlId: string) =>
    (await call('GET', '/api/studio/pages')).json().pages.find((p: { urlId: string }) => p.urlId === urlId)
      ?.id;
  const visit = (url: string, cookies: Record<string, string> = {}) =>
    site.request({ method: 'GET', url, cookies });

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('lists every page with its settings', async () => {
    const pages = (await call('GET', '/api/studio/pages')).json().pages;
    expect(pages.map((p: { urlId: string }) => p.urlId)).toEqual(
      expect.arrayContaining(['home', 'shop', 'blog', 'about', 'contact', 'wholesale']),
    );
    expect(pages.find((p: { urlId: string }) => p.urlId === 'wholesale')).toMatchObject({
      passwordProtected: true,
      status: 'PUBLISHED',
      kind: 'page',
    });
  });

  it.each([
    ['About', 'about-1'],
    ['About', 'about-2'],
    ['Ab', 'page'],
    ['!', 'page-1'],
    ['Cart', 'cart-1'],
    ['Café Été', 'cafe-ete'],
  ])('creates "%s" with the unique slug %s (spec unique-name rule)', async (title, slug) => {
    const res = await call('POST', '/api/studio/pages', { title, kind: 'page' });
    expect(res.statusCode).toBe(201);
    expect(res.json().urlId).toBe(slug);
  });

  it('keeps a new page unpublished (Draft) and off the navigation unless asked', async () => {
    const res = await call('POST', '/api/studio/pages', { title: 'Lookbook', addToNavigation: true });
    const page = (await call('GET', '/api/studio/pages'))
      .json()
      .pages.find((p: { id: string }) => p.id === res.json().id);
    expect(page.status).toBe('DRAFT');
    expect((await visit('/lookbook')).statusCode).toBe(404);
    const layout = (await call('GET', '/api/commondata/GetSiteLayout')).json();
    expect(layout.layout[0].links.at(-1)).toMatchObject({ collectionId: res.json().id, title: 'Lookbook' });
  });

  it('renames a page and changes its slug with the unique-name rule', async () => {
    const id = await pageId('cafe-ete');
    const res = await call('PUT', `/api/studio/pages/${id}/settings`, {
      title: 'Our café',
      navigationTitle: 'Café',
      urlId: 'About',
      status: 'PUBLISHED',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().urlId).toBe('about-3');
    const page = await visit('/about-3');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Our café');
  });

  it.each([
    ['DRAFT', null, 404],
    ['NEEDS_REVIEW', null, 404],
    ['PRIVATE', null, 404],
    ['SCHEDULED', '2020-01-01T00:00:00Z', 200],
    ['SCHEDULED', '2999-01-01T00:00:00Z', 404],
    ['PUBLISHED', null, 200],
  ])('status %s (publish at %s) answers visitors %i', async (status, publishAt, code) => {
    const id = await pageId('about');
    const res = await call('PUT', `/api/studio/pages/${id}/settings`, { status, publishAt });
    expect(res.statusCode).toBe(200);
    expect((await visit('/about')).statusCode).toBe(code);
  });

  it('needs a publish time for Scheduled', async () => {
    const id = await pageId('about');
    const res = await call('PUT', `/api/studio/pages/${id}/settings`, { status: 'SCHEDULED' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('publish time');
  });

  it('locks a page with a password and unlocks it again', async () => {
    const id = await pageId('about');
    await call('PUT', `/api/studio/pages/${id}/settings`, { password: 'letmein' });
    expect((await visit('/about?format=json')).json().pageType).toBe(103);
    await call('PUT', `/api/studio/pages/${id}/settings`, { password: null });
    expect((await visit('/about?format=json')).json().pageType).toBe(2);
  });

  it('shows a members-only page to signed-in site users only (protected content, page type 105, otherwise)', async () => {
    const id = await pageId('about');
    await call('PUT', `/api/studio/pages/${id}/settings`, { membersOnly: true });
    const anonymous = await visit('/about');
    expect(anonymous.body).toContain('This page is for members.');
    expect((await visit('/about?format=json')).json().pageType).toBe(105);
    const customer = await sessionOf(site, 'customer');
    const member = await visit('/about?format=json', { siteUserSession: customer });
    expect(member.json().pageType).toBe(2);
    await call('PUT', `/api/studio/pages/${id}/settings`, { membersOnly: false });
  });

  it('generates the SEO description from the content when empty, and caps the owner one at 250', async () => {
    const id = await pageId('about');
    let page = (await visit('/about')).body;
    expect(page).toMatch(
      /<meta name="description" content="About us Juniper &amp;(amp;)? Oak is a two-person studio/,
    );
    const long = `${'word '.repeat(80)}end`;
    await call('PUT', `/api/studio/pages/${id}/settings`, { seoDescription: long });
    const saved = (await call('GET', '/api/studio/pages'))
      .json()
      .pages.find((p: { id: string }) => p.id === id);
    expect(saved.seoDescription.length).toBeLessThanOrEqual(250);
    expect(saved.seoDescription.startsWith('word word')).toBe(true);
    page = (await visit('/about')).body;
    expect(page).toContain(`content="${saved.seoDescription}"`);
  });

  it.each([
    [{ title: '' }, 'Please enter a page title'],
    [{ status: 'LIVE' }, 'status'],
    [{ publishAt: 'tomorrow' }, 'publishAt'],
  ])('refuses bad settings %j with 400', async (payload, message) => {
    const res = await call('PUT', `/api/studio/pages/${await pageId('about')}/settings`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('deletes a page (and its navigation link), never the home page', async () => {
    const id = await pageId('lookbook');
    expect((await call('DELETE', `/api/studio/pages/${id}`)).statusCode).toBe(200);
    expect(await pageId('lookbook')).toBeUndefined();
    const links = (await call('GET', '/api/commondata/GetSiteLayout')).json().layout[0].links;
    expect(links.some((l: { collectionId: string }) => l.collectionId === id)).toBe(false);
    const home = await call('DELETE', `/api/studio/pages/${await pageId('home')}`);
    expect(home.statusCode).toBe(409);
    expect(home.json().error.message).toBe('The home page cannot be deleted.');
    expect((await call('DELETE', '/api/studio/pages/nope')).statusCode).toBe(404);
  });
});
