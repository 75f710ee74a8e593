import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from './helpers/test-app';

/**
 * Every API route, every method, fed bodies of the wrong shape: the answer is always a clear
 * 4xx in the JSON error contract, never a 500 (README: "bad input gets a clear error").
 */
const hostileBodies: [string, string, string][] = [
  ['malformed JSON', 'application/json', '{"itemId": '],
  ['a JSON array', 'application/json', '[1,2,3]'],
  ['a JSON string', 'application/json', '"just a string"'],
  ['null', 'application/json', 'null'],
  [
    'wrong types everywhere',
    'application/json',
    JSON.stringify({
      itemId: 7,
      sku: [],
      quantity: {},
      email: 5,
      form: 1,
      key: false,
      eventSchemaName: 3,
      eventContent: [],
      password: null,
      productId: {},
      sendRequests: 'x',
      code: 9,
      shippingOptionId: [],
      country: 1,
      language: {},
    }),
  ],
  ['deep nesting', 'application/json', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`],
  [
    'a huge string field',
    'application/json',
    JSON.stringify({ itemId: 'x'.repeat(200_000), email: 'y'.repeat(200_000), form: 'z'.repeat(200_000) }),
  ],
  [
    'script tags',
    'application/json',
    JSON.stringify({ itemId: '<script>alert(1)</script>', email: '<script>@x.y', form: '{"a":"<script>"}' }),
  ],
  ['form-encoded garbage', 'application/x-www-form-urlencoded', 'event=%ZZ&data=%7B&ss_cvr=|||&crumb='],
  ['binary', 'application/octet-stream', '\u0000\u0001\u0002'],
];

describe('hostile input on every API route (pglite)', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite('pglite', { appOptions: { cartWritesPer10s: false } });
    await site.app.ready();
  });
  afterAll(() => site.app.close());

  it('never answers 5xx, and answers /api errors as JSON', async () => {
    const seen = new Set<string>();
    const list = site.app.routeTable;
    expect(list.length).toBeGreaterThan(25);
    const failures: string[] = [];
    for (const route of list) {
      if (!route.url.startsWith('/api/')) continue;
      const url = route.url.replace(/:(\w+)/g, (_m, name) => `bad-${name}`).replace('*', 'x');
      for (const [name, type, payload] of hostileBodies) {
        const key = `${route.method} ${url} ${name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const res = await site.request({
          method: route.method as 'POST',
          url: `${url}?itemId=${encodeURIComponent('<x>')}&cursor=%ZZ&from=nope&productId=[]`,
          headers: { 'content-type': type },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : payload,
        });
        if (res.statusCode >= 500) failures.push(`${key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400 && !/json/.test(String(res.headers['content-type']))) {
          failures.push(`${key} → ${res.statusCode} not JSON`);
        }
      }
    }
    // Every API route was tried with every body (39 API routes when this was written).
    expect(seen.size).toBeGreaterThan(350);
    expect(failures).toEqual([]);
  }, 120_000);
});
