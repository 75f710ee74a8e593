import fs from 'node:fs';
import path from 'node:path';
import { studioDist } from '../src/routes/studio-app.routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../src/plugins/error-contract';
import { encodeCursor } from '../src/services/owner/cursor';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { sessionOf } from './restock-helpers';

/**
 * Walk the registered route table and send every route a corpus of hostile input — NUL
 * bytes, lone UTF-16 surrogates (raw and as JSON escapes inside JSON-text fields), huge
 * and deeply nested values, wrong types, broken %-escapes — in the body, the query and the
 * route params, signed in as the owner so owner routes reach SQL too. A route added later
 * is covered without anyone remembering to. The answer is always a 4xx (or a success),
 * never a 5xx; under /api (however the path is spelled) errors keep the JSON contract.
 */

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';
const deep = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;

/** Field names the API's routes read, each set to `value` (plus JSON-text fields around it). */
function fieldsWith(value: unknown): Record<string, unknown> {
  const text = JSON.stringify({ note: value, url: value });
  return {
    itemId: value,
    sku: value,
    quantity: value,
    qty: value,
    additionalFields: text,
    email: value,
    password: value,
    siteVisitorEmail: value,
    productId: value,
    variantId: value,
    language: value,
    code: value,
    shippingOptionId: value,
    country: value,
    region: value,
    postalCode: value,
    formId: value,
    form: text,
    key: value,
    captchaKey: value,
    pageTitle: value,
    pagePath: value,
    eventSchemaName: 'page_view',
    eventContent: text,
    event: value,
    data: text,
    visitorCookie: value,
    url: value,
    token: value,
    paymentToken: value,
    sendRequests: [{ productId: value, variantId: value }],
    header: value,
    footer: value,
  };
}

const bodies: [string, string, string][] = [
  ['NUL in every field', 'application/json', JSON.stringify(fieldsWith(NUL))],
  ['lone surrogate in every field', 'application/json', JSON.stringify(fieldsWith(LONE))],
  [
    'escaped NUL inside JSON text',
    'application/json',
    JSON.stringify(fieldsWith('x')).replaceAll('\\"x\\"', '\\"\\\\u0000\\"'),
  ],
  [
    'escaped lone surrogate inside JSON text',
    'application/json',
    JSON.stringify(fieldsWith('x')).replaceAll('\\"x\\"', '\\"\\\\ud800\\"'),
  ],
  ['a 20 000-deep body', 'application/json', deep(20_000)],
  [
    'a 20 000-deep value in a field',
    'application/json',
    `{"data":${deep(20_000)},"eventContent":${deep(20_000)}}`,
  ],
  ['deep JSON text in fields', 'application/json', JSON.stringify(fieldsWith(deep(5_000)))],
  ['wrong types everywhere', 'application/json', JSON.stringify(fieldsWith({ $gt: '' }))],
  ['numbers everywhere', 'application/json', JSON.stringify(fieldsWith(1e308))],
  ['huge strings', 'application/json', JSON.stringify(fieldsWith('x'.repeat(30_000)))],
  ['malformed JSON', 'application/json', '{"itemId": '],
  ['a JSON array', 'application/json', '[1,2,3]'],
  ['null', 'application/json', 'null'],
  ['text/plain with NUL', 'text/plain', JSON.stringify(fieldsWith(NUL))],
  [
    'form-encoded NUL',
    'application/x-www-form-urlencoded',
    'event=a%00b&data=%7B%22a%22%3A%22%5Cu0000%22%7D&password=a%00b',
  ],
  ['form-encoded bad escapes', 'application/x-www-form-urlencoded', 'event=%ZZ&data=%7B&ss_cvr=|||&crumb='],
  ['binary', 'application/octet-stream', '\u0000\u0001\u0002'],
];

const queries = [
  `?cursor=${encodeCursor(['not a date', 'x'])}&productId=a%00b&variantId=%ED%A0%80`,
  `?cursor=${encodeCursor(['2024-02-31 10:00:00+00', 'x'])}&from=2024-13-01&to=nope`,
  // Cursors that decode but hold no date PostgreSQL accepts, with otherwise valid queries.
  `?cursor=${encodeCursor(['1', 'x'])}&productId=p&variantId=v&status=PENDING`,
  `?cursor=${encodeCursor(['2024-02-31 10:00:00+00', 'x'])}&productId=p&variantId=v`,
  `?cursor=${encodeCursor(['99999-01-01', 'x'])}&productId=p&variantId=v`,
  `?cursor=${encodeCursor([NUL, NUL])}&itemId=%ZZ&status=a%00`,
  `?cursor=%ZZ&itemId=${'x'.repeat(5_000)}&format=json&calculateSubtotal=%00`,
];

const params = ['a%00b', '%ED%A0%80', '%25', '%ZZ', 'x'.repeat(300)];

const pagePaths = [
  '/%00',
  '/%25',
  '/shop/p/%25',
  '/shop/p/a%00b',
  '/%ZZ',
  '/shop/%ED%A0%80',
  `/${'x'.repeat(3000)}`,
  '/shop?format=json&q=%00',
  '/%61pi/nowhere',
  '/%61pi/commerce/shopping-cart/entries/%ZZ',
];

describe.each(backends)('hostile input on every route (%s)', (backend) => {
  let site: TestSite;
  let owner: string;
  beforeAll(async () => {
    site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    owner = await sessionOf(site, 'owner');
  });
  afterAll(() => site.app.close());

  const send = async (method: string, url: string, type?: string, payload?: string) => {
    const res = await site.request({
      method: method as 'POST',
      url,
      cookies: { siteUserSession: owner, CART: 'a\u0001b', ss_cvr: 'x|1|2|3|4' },
      headers: type ? { 'content-type': type } : {},
      payload,
    });
    // The walk signs the owner out (DELETE session) on its way: sign in again, so the
    // owner-only routes after it still reach their SQL.
    if (res.cookies.some((c) => c.name === 'siteUserSession')) owner = await sessionOf(site, 'owner');
    return res;
  };

  const judge = (failures: string[], what: string, path: string, res: Awaited<ReturnType<typeof send>>) => {
    if (res.statusCode >= 500) {
      failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      return;
    }
    if (res.statusCode >= 400 && isApiPath(path)) {
      const body = /json/.test(String(res.headers['content-type'])) ? res.json() : undefined;
      if (typeof body?.error?.code !== 'string' || typeof body?.error?.message !== 'string')
        failures.push(`${what} → ${res.statusCode} outside the error contract: ${res.body.slice(0, 80)}`);
    }
  };

  it('walks every registered route: never a 5xx, /api errors in the contract', async () => {
    const routes = site.app.routeTable;
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let sent = 0;
    // The studio's app shell answers 503 "not built" until `npm run build:studio` has run (the
    // server suite does not build it); it reads no input, so there is nothing to walk there then.
    const studioBuilt = fs.existsSync(path.join(studioDist, 'index.html'));
    for (const route of routes) {
      if (!studioBuilt && route.url.startsWith('/config')) continue;
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const urls = [route.url.replace(/:(\w+)/g, 'x').replace('*', 'x')];
      if (/[:*]/.test(route.url))
        for (const p of params) urls.push(route.url.replace(/:(\w+)/g, p).replace('*', p));
      for (const url of urls) {
        for (const query of queries) {
          const res = await send(
            route.method,
            `${url}${query}`,
            hasBody ? 'application/json' : undefined,
            hasBody ? '{}' : undefined,
          );
          judge(failures, `${route.method} ${url}${query.slice(0, 40)}`, url, res);
          sent++;
        }
        if (!hasBody) continue;
        for (const [name, type, payload] of bodies) {
          const res = await send(route.method, url, type, payload);
          judge(failures, `${route.method} ${url} ${name}`, url, res);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  }, 300_000);

  it.each(pagePaths)('page URL %s is a 4xx or a page, never a 5xx', async (path) => {
    const failures: string[] = [];
    for (const method of ['GET', 'POST']) {
      const res = await send(
        method,
        path,
        method === 'POST' ? 'application/x-www-form-urlencoded' : undefined,
        method === 'POST' ? 'password=a%00b' : undefined,
      );
      judge(failures, `${method} ${path.slice(0, 60)}`, path, res);
    }
    expect(failures).toEqual([]);
  });

  it('framework errors under /%61pi/… come back in the JSON contract', async () => {
    const res = await send('GET', '/%61pi/commerce/shopping-cart/entries/%ZZ');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toEqual(expect.any(String));
  });

  it.each([
    [
      'a raw lone surrogate',
      { eventSchemaName: 'page_view', eventContent: JSON.stringify({ page_path: LONE }) },
    ],
    ['an escaped lone surrogate', { eventSchemaName: 'page_view', eventContent: '{"page_path":"\\ud800"}' }],
    ['an escaped NUL', { eventSchemaName: 'page_view', eventContent: '{"page_path":"\\u0000"}' }],
  ])('a beacon with %s is refused (400), never acknowledged and then dropped', async (_name, body) => {
    const res = await site.request({
      method: 'POST',
      url: '/api/v1/clanker/events',
      crumb: false,
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CHARACTERS');
  });

  it('a 20 000-deep beacon is refused with NESTED_TOO_DEEP', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/1/performance/records',
      crumb: false,
      headers: { 'content-type': 'text/plain' },
      payload: deep(20_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('NESTED_TOO_DEEP');
  });
});
