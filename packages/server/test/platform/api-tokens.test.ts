import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { placedOrder } from '../orders/orders-helpers';
import { sessionOf } from '../restock-helpers';

describe.each(backends)('owner API tokens on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  }, 120_000);
  afterAll(() => site.app.close());

  /** A request with the token only: no session cookie, no crumb. */
  const withToken = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    site.request({
      method,
      url,
      crumb: false,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  async function makeToken(name: string, roleCode: number) {
    const res = await site.request({
      method: 'POST',
      url: '/api/studio/api-tokens',
      cookies: owner,
      payload: { name, roleCode },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: { id: string; prefix: string }; secret: string };
  }

  it('an Editor token publishes a page without a cookie or crumb, and is refused the orders', async () => {
    await placedOrder(site);
    const { secret, token } = await makeToken('Deploy bot', 4);
    expect(secret).toMatch(/^jnp_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(token.prefix)).toBe(true);

    const created = await withToken(secret, 'POST', '/api/studio/pages', {
      title: 'From the API',
      kind: 'page',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, urlId } = created.json();
    const layout = {
      sections: [
        { id: 's1', blocks: [{ id: 't', type: 'text', props: { html: '<p>Hello from a token</p>' } }] },
      ],
    };
    const published = await withToken(secret, 'POST', `/api/studio/pages/${id}/publish`, { layout });
    expect(published.statusCode, published.body).toBe(200);
    const page = await site.request({ method: 'GET', url: `/${urlId}`, crumb: false });
    expect(page.body).toContain('Hello from a token');

    const orders = await withToken(secret, 'GET', '/api/commerce/orders');
    expect(orders.statusCode).toBe(403);
    expect(orders.json().error.message).toBe('Your role (Editor) cannot see orders.');

    const listed = await site.request({ method: 'GET', url: '/api/studio/api-tokens', cookies: owner });
    const row = listed.json().tokens.find((t: { id: string }) => t.id === token.id);
    expect(row.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.json())).not.toContain(secret);
  });

  it('a revoked, unknown or other-site token is 401; the token is never a cookie fallback', async () => {
    const { secret, token } = await makeToken('Short-lived', 10);
    expect((await withToken(secret, 'GET', '/api/studio/pages')).statusCode).toBe(200);
    const revoked = await site.request({
      method: 'DELETE',
      url: `/api/studio/api-tokens/${token.id}`,
      cookies: owner,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await withToken(secret, 'GET', '/api/studio/pages')).statusCode).toBe(401);
    expect((await withToken(`jnp_${'x'.repeat(43)}`, 'GET', '/api/studio/pages')).statusCode).toBe(401);
    // A bad token next to a good cookie is still refused: the header decides.
    const both = await site.request({
      method: 'GET',
      url: '/api/studio/pages',
      cookies: owner,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(both.statusCode).toBe(401);
  });

  it('a Viewer token cannot write, and the cookie session still needs its crumb', async () => {
    const { secret } = await makeToken('Read only', 10);
    const write = await withToken(secret, 'POST', '/api/studio/pages', { title: 'Nope', kind: 'page' });
    expect(write.statusCode).toBe(403);
    const noCrumb = await site.request({
      method: 'POST',
      url: '/api/studio/pages',
      crumb: false,
      cookies: owner,
      payload: { title: 'No crumb', kind: 'page' },
    });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json().crumbFail).toBe(true);
  });

  it('the OpenAPI document declares the bearer scheme on the owner routes, not on the shop', async () => {
    const doc = (await site.request({ method: 'GET', url: '/api/openapi.json', crumb: false })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/studio/pages/{id}/publish'].post.security).toEqual([
      { apiToken: [] },
      { session: [] },
    ]);
    expect(doc.paths['/api/commerce/orders'].get.security).toEqual([{ apiToken: [] }, { session: [] }]);
    expect(doc.paths['/api/commerce/shopping-cart'].get.security).toBeUndefined();
    // The first request builds the document from every route's schemas: seconds of CPU,
    // many more on a machine busy with the other test workers.
  }, 120_000);

  it('an Editor token cannot make tokens; role 5 is no role', async () => {
    const { secret } = await makeToken('Editor', 4);
    const res = await withToken(secret, 'POST', '/api/studio/api-tokens', {
      name: 'Admin please',
      roleCode: 1,
    });
    expect(res.statusCode).toBe(403);
    const bad = await site.request({
      method: 'POST',
      url: '/api/studio/api-tokens',
      cookies: owner,
      payload: { name: 'No role', roleCode: 5 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
