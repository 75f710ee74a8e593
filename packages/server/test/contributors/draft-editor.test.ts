import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { type Backend, backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { contributorSession } from './contributor-helpers';

const DRAFT_EDITOR = 16;
const EDITOR = 4;

/**
 * A Draft editor works on drafts: what would change the live site at once (a live page's
 * settings, taking a page on- or offline, the navigation, the header and footer) needs the
 * right to publish.
 */
describe.each(backends)('the Draft editor on %s', (backend: Backend) => {
  let site: TestSite;
  let owner: string;
  let drafter: string;
  let editor: string;
  let livePage: { id: string; title: string };
  let draftPage: string;

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    site.request({ method, url, cookies: { siteUserSession: cookie }, ...(payload ? { payload } : {}) });
  const settings = (cookie: string, id: string, body: object) =>
    call(cookie, 'PUT', `/api/studio/pages/${id}/settings`, body);
  const pages = async () =>
    (await call(owner, 'GET', '/api/studio/pages')).json().pages as {
      id: string;
      title: string;
      urlId: string;
      status: string;
    }[];

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await sessionOf(site, 'owner');
    drafter = (await contributorSession(backend, site, DRAFT_EDITOR)).cookie;
    editor = (await contributorSession(backend, site, EDITOR)).cookie;
    const about = (await pages()).find((p) => p.urlId === 'about');
    if (!about) throw new Error('the demo site has an about page');
    livePage = about;
    const created = await call(owner, 'POST', '/api/studio/pages', {
      title: 'Spring collection',
      kind: 'page',
      addToNavigation: false,
    });
    draftPage = created.json().id;
  });
  afterAll(() => site.app.close());

  it('cannot rename a live page or take it offline (403), and nothing changes', async () => {
    const rename = await settings(drafter, livePage.id, { title: 'Renamed by a drafter' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.message).toBe('Your role (Draft editor) cannot change publishing.');
    expect((await settings(drafter, livePage.id, { status: 'DRAFT' })).statusCode).toBe(403);
    expect((await settings(drafter, livePage.id, { urlId: 'moved' })).statusCode).toBe(403);
    const after = (await pages()).find((p) => p.id === livePage.id);
    expect(after).toMatchObject({ title: livePage.title, status: 'PUBLISHED', urlId: 'about' });
    expect((await site.request({ method: 'GET', url: '/about' })).statusCode).toBe(200);
  });

  it('cannot put a draft page online, nor schedule it (403)', async () => {
    expect((await settings(drafter, draftPage, { status: 'PUBLISHED' })).statusCode).toBe(403);
    const schedule = { status: 'SCHEDULED', publishAt: new Date(Date.now() + 3600e3).toISOString() };
    expect((await settings(drafter, draftPage, schedule)).statusCode).toBe(403);
    expect((await pages()).find((p) => p.id === draftPage)?.status).toBe('DRAFT');
  });

  it('sets up a page visitors cannot see: title, slug, review status (200)', async () => {
    const res = await settings(drafter, draftPage, {
      title: 'Spring collection 2',
      urlId: 'spring-collection',
      status: 'NEEDS_REVIEW',
    });
    expect(res.statusCode).toBe(200);
    expect((await pages()).find((p) => p.id === draftPage)).toMatchObject({
      title: 'Spring collection 2',
      status: 'NEEDS_REVIEW',
    });
  });

  it('still edits the draft layout of a live page (visitors see it only once published)', async () => {
    const layout = {
      sections: [{ id: 's1', blocks: [{ id: 'b1', type: 'heading', props: { text: 'Soon', level: 2 } }] }],
    };
    const res = await call(drafter, 'PUT', `/api/studio/pages/${livePage.id}/layout`, { layout });
    expect(res.statusCode).toBe(200);
    expect(
      (await call(drafter, 'POST', `/api/studio/pages/${livePage.id}/publish`, { layout })).statusCode,
    ).toBe(403);
  });

  it('cannot change the navigation or the header and footer (403), but reads them', async () => {
    const layout = (await call(drafter, 'GET', '/api/commondata/GetSiteLayout')).json();
    const nav = await call(drafter, 'POST', '/api/widget/UpdateNavigation', {
      fieldName: 'mainNavigation',
      templateId: 'default',
      navigation: { items: layout.layout[0].links.slice(0, 1) },
    });
    expect(nav.statusCode).toBe(403);
    expect((await call(owner, 'GET', '/api/commondata/GetSiteLayout')).json()).toEqual(layout);
    const headerFooter = (await call(drafter, 'GET', '/api/site-header-footer')).json();
    const put = await call(drafter, 'PUT', '/api/site-header-footer', {
      ...headerFooter,
      header: { ...headerFooter.header, siteTitle: 'Defaced' },
    });
    expect(put.statusCode).toBe(403);
    expect((await call(owner, 'GET', '/api/site-header-footer')).json()).toEqual(headerFooter);
  });

  it('an Editor (who may publish) makes the same live changes', async () => {
    expect((await settings(editor, livePage.id, { title: 'About us' })).statusCode).toBe(200);
    expect((await settings(editor, draftPage, { status: 'PUBLISHED' })).statusCode).toBe(200);
    const headerFooter = (await call(editor, 'GET', '/api/site-header-footer')).json();
    expect((await call(editor, 'PUT', '/api/site-header-footer', headerFooter)).statusCode).toBe(200);
    const layout = (await call(editor, 'GET', '/api/commondata/GetSiteLayout')).json();
    const nav = await call(editor, 'POST', '/api/widget/UpdateNavigation', {
      fieldName: 'mainNavigation',
      templateId: 'default',
      navigation: { items: layout.layout[0].links },
    });
    expect(nav.statusCode).toBe(200);
  });
});
