import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, ROLE_CODES, decideRoute } from '../../src/plugins/permissions';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { findOwnerRoutes, invitationLinkIn, tableMismatches } from './contributor-helpers';

/**
 * The permission table as a contributor meets it: the owner invites an address for each role,
 * the invited person follows the link of the mail that was queued for them, accepts, and with
 * the session that gives them calls every owner route. Nothing is set up behind the API.
 */

const PASSWORD = 'an invited person chose this';

type Site = TestSite;
const as = (cookie: string) => ({ cookies: { siteUserSession: cookie } });
const json = (res: { json(): unknown }) =>
  res.json() as Record<string, { id: string; kind?: string; isDefault?: boolean }[]>;

/** Owner reads that need a record's id, filled with records the demo site has. */
async function readsOfRealRecords(site: Site, owner: string): Promise<Record<string, string>> {
  const get = async (url: string) => json(await site.request({ method: 'GET', url, ...as(owner) }));
  const { pages = [] } = await get('/api/studio/pages');
  const { products = [] } = await get('/api/studio/products');
  const { forms = [] } = await get('/api/studio/forms');
  const { lists = [] } = await get('/api/studio/marketing/lists');
  const home = pages[0]?.id;
  const blog = pages.find((p) => p.kind === 'blog')?.id;
  const product = products[0]?.id;
  const form = forms[0]?.id;
  const list = lists.find((l) => l.isDefault)?.id;
  if (!home || !blog || !product || !form || !list)
    throw new Error('the demo site lacks a page, blog, product, form or mailing list');
  return {
    'GET /api/studio/pages/:id/layout': `/api/studio/pages/${home}/layout`,
    'GET /api/studio/blogs/:blogId/posts': `/api/studio/blogs/${blog}/posts`,
    'GET /api/studio/products/:id': `/api/studio/products/${product}`,
    'GET /api/studio/forms/:formId': `/api/studio/forms/${form}`,
    'GET /api/owner/forms/:formId/submissions': `/api/owner/forms/${form}/submissions`,
    'GET /api/owner/forms/:formId/submissions.csv': `/api/owner/forms/${form}/submissions.csv`,
    'GET /api/studio/marketing/lists/:listId/members': `/api/studio/marketing/lists/${list}/members`,
    'GET /api/studio/marketing/lists/:listId/export.csv': `/api/studio/marketing/lists/${list}/export.csv`,
    'GET /api/v1/commerce-preferences/:namespace': '/api/v1/commerce-preferences/store',
  };
}

describe.each(backends)('contributors invited by mail, route by route, on %s', (backend) => {
  let site: Site;
  let owner: string;
  let ownerRoutes: string[];
  let realReads: Record<string, string>;

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await sessionOf(site, 'owner');
    ownerRoutes = await findOwnerRoutes(site, await sessionOf(site, 'customer'));
    realReads = await readsOfRealRecords(site, owner);
  }, 120_000);
  afterAll(() => site.app.close());

  /** Invite `email` as `code`, take the link from the queued mail and accept it: the new session. */
  async function invitedSession(code: number, name: string, email: string): Promise<string> {
    const invited = await site.request({
      method: 'POST',
      url: '/api/studio/contributors/invitations',
      payload: { email, roleCode: code },
      ...as(owner),
    });
    expect(invited.statusCode).toBe(201);
    const link = await invitationLinkIn(backend, site, email);
    expect(link.pathname).toBe('/config/accept-invitation');
    const accepted = await site.request({
      method: 'POST',
      url: '/api/studio/contributors/invitations/accept',
      payload: { token: link.searchParams.get('token'), email, password: PASSWORD },
      // Each invited person from their own address (accepting is limited per address).
      headers: { 'x-forwarded-for': `198.51.100.${code}` },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ email, roleName: name });
    const cookie = accepted.cookies.find((c) => c.name === 'siteUserSession')?.value;
    if (!cookie) throw new Error('accepting set no session cookie');
    return cookie;
  }

  it('the owner reads every real record the walk uses', async () => {
    for (const url of Object.values(realReads)) {
      expect((await site.request({ method: 'GET', url, ...as(owner) })).statusCode, url).toBe(200);
    }
  });

  it.each(ROLE_CODES.map((code) => [CONTRIBUTOR_ROLES[code], code] as const))(
    '%s (%i): invited and accepted from the mail, then 403 exactly where the table says so, never a 5xx',
    async (name, code) => {
      const cookie = await invitedSession(code, name, `invited-${code}@example.com`);
      expect(await tableMismatches(site, code, cookie, ownerRoutes)).toEqual([]);
      // Reads of real records: the whole record where the table allows, 403 where it does not.
      const wrong: string[] = [];
      for (const [key, url] of Object.entries(realReads)) {
        const res = await site.request({ method: 'GET', url, ...as(cookie) });
        const expected = decideRoute(code, 'GET', key.slice(4)).ok ? 200 : 403;
        if (res.statusCode !== expected) wrong.push(`${url} → ${res.statusCode}, expected ${expected}`);
      }
      expect(wrong).toEqual([]);
    },
    120_000,
  );
});
