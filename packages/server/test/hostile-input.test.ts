import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../src/plugins/error-contract';
import { studioDist } from '../src/routes/studio-app.routes';
import { type HostileBody, LONE, badParams, bodies, deep, pagePaths, queries } from './hostile-corpus';
import { placedOrder } from './orders/orders-helpers';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { sessionOf } from './restock-helpers';

/**
 * Walk the registered route table and send every route the hostile corpus (hostile-corpus.ts)
 * in the body, the query and the route params, as a visitor, a signed-in customer and the
 * owner. Params are also filled with the demo site's real records, so the owner's bodies
 * reach the rows they would change. A route added later is covered without anyone
 * remembering to. The answer is always a 4xx (or a success), never a 5xx; under /api
 * (however the path is spelled) errors keep the JSON contract.
 */

type Who = 'anonymous' | 'customer' | 'owner';

/** A request the server has not answered by then is reported as hanging (the walk goes on). */
const ANSWER_WITHIN_MS = 10_000;
const NO_ANSWER = 'no answer';

/** A well-formed id that no record has. */
const NONE = '00000000-0000-4000-8000-000000000000';

interface Ids {
  byName: Record<string, string>;
  /** `:id` by the route's folder. */
  idByPath: [RegExp, string][];
}

const as = (cookie: string) => ({ cookies: { siteUserSession: cookie } });
type Listed = Record<string, { id: string; kind?: string; code?: string }[]>;

/** Real records of the demo site (and one order placed for the walk) to fill route params with. */
async function realIds(site: TestSite, owner: string): Promise<Ids> {
  const get = async (url: string) =>
    (await site.request({ method: 'GET', url, ...as(owner) })).json() as Listed;
  const first = (rows: { id: string }[] | undefined) => rows?.[0]?.id ?? NONE;
  const { pages } = await get('/api/studio/pages');
  const blog = pages?.find((p) => p.kind === 'blog')?.id ?? NONE;
  const post = await site.request({
    method: 'POST',
    url: `/api/studio/blogs/${blog}/posts`,
    payload: { title: 'A post for the walk' },
    ...as(owner),
  });
  const { products } = await get('/api/studio/products');
  const digital = (
    await site.request({ method: 'GET', url: '/shop/p/lightroom-presets?format=json' })
  ).json();
  const order = await placedOrder(site);
  const { stores } = await get('/api/studio/stores');
  const { forms } = await get('/api/studio/forms');
  const { shippingOptions } = await get('/api/studio/commerce/shipping-options');
  const { taxRules } = await get('/api/studio/commerce/tax-rules');
  const { coupons } = await get('/api/studio/commerce/coupons');
  return {
    byName: {
      blogId: blog,
      postId: post.json().id ?? NONE,
      itemId: digital.item?.id ?? NONE,
      productId: first(products),
      websiteId: site.websiteId,
      collectionId: first(stores),
      namespace: 'store',
      formId: first(forms),
      code: coupons?.[0]?.code ?? 'WELCOME10',
      schemaName: 'page_view',
      name: 'classic-tee.svg',
    },
    idByPath: [
      [/^\/api\/studio\/pages\//, first(pages?.filter((p) => p.kind === 'page').slice(1))],
      [/^\/api\/studio\/products\//, first(products)],
      [/\/shipping-options\//, first(shippingOptions)],
      [/\/tax-rules\//, first(taxRules)],
      [/\/coupons\//, first(coupons)],
      [/\/orders\//, order.id],
      [/\/RecordQuickView\//, first(products)],
    ],
  };
}

function withRealIds(pattern: string, ids: Ids): string {
  return pattern
    .replace(/:(\w+)/g, (_, name: string) =>
      name === 'id'
        ? (ids.idByPath.find(([folder]) => folder.test(pattern))?.[1] ?? NONE)
        : (ids.byName[name] ?? NONE),
    )
    .replace('*', 'x');
}

describe.each(backends)('hostile input on every route (%s)', (backend) => {
  let site: TestSite;
  let ids: Ids;
  const sessions: Record<Who, string> = { anonymous: '', customer: '', owner: '' };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-input-'));
  let sent = 0;

  beforeAll(async () => {
    // A real data directory: uploads that pass every check are stored.
    site = await createTestSite(backend, { config: { dataDir }, appOptions: { cartWritesPer10s: false } });
    sessions.owner = await sessionOf(site, 'owner');
    sessions.customer = await sessionOf(site, 'customer');
    ids = await realIds(site, sessions.owner);
  }, 60_000);
  afterAll(async () => {
    await site.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const send = async (who: Who, method: string, url: string, type?: string, payload?: string | Buffer) => {
    sent++;
    const session = sessions[who];
    const answer = site.request({
      method: method as 'POST',
      url,
      cookies: { ...(session ? { siteUserSession: session } : {}), CART: 'a\u0001b', ss_cvr: 'x|1|2|3|4' },
      // Each request from its own address: per-address limits would otherwise answer 429
      // before the input reaches the code that reads it.
      headers: {
        ...(type ? { 'content-type': type } : {}),
        'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
      },
      payload,
    });
    const waiting = new AbortController();
    const res = await Promise.race([
      answer,
      delay(ANSWER_WITHIN_MS, undefined, { signal: waiting.signal }).catch(() => undefined),
    ]);
    waiting.abort();
    if (!res) return NO_ANSWER;
    // The walk signs itself out (DELETE session) on its way: sign in again, so the routes
    // after it are still called by the same person.
    if (who !== 'anonymous' && res.cookies.some((c) => c.name === 'siteUserSession')) {
      sessions[who] = await sessionOf(site, who);
    }
    return res;
  };

  /**
   * Record what is wrong with an answer under `where` (who, method, route pattern and what
   * went wrong), so that one fault met by many inputs reads as one line with its inputs.
   */
  const judge = (
    findings: Map<string, string[]>,
    where: string,
    input: string,
    url: string,
    res: LightMyRequestResponse | typeof NO_ANSWER,
  ) => {
    const note = (what: string) =>
      findings.set(`${where} → ${what}`, [...(findings.get(`${where} → ${what}`) ?? []), input]);
    if (res === NO_ANSWER) return note(`no answer within ${ANSWER_WITHIN_MS / 1000} s`);
    if (res.statusCode >= 500) return note(`${res.statusCode} ${res.body.slice(0, 100)}`);
    if (res.statusCode >= 400 && isApiPath(url)) {
      const body = /json/.test(String(res.headers['content-type'])) ? res.json() : undefined;
      if (typeof body?.error?.code !== 'string' || typeof body?.error?.message !== 'string')
        note(`${res.statusCode} outside the error contract: ${res.body.slice(0, 60)}`);
    }
  };
  const report = (findings: Map<string, string[]>) =>
    [...findings].map(
      ([where, inputs]) => `${where} (${inputs.length} inputs: ${inputs.slice(0, 4).join('; ')})`,
    );

  /** Every hostile request for one route: the whole corpus where params are plain, a few where they are bad. */
  async function walkRoute(who: Who, method: string, pattern: string, findings: Map<string, string[]>) {
    const where = `${who} ${method} ${pattern}`;
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const fill = (value: string) => pattern.replace(/:(\w+)/g, value).replace('*', value);
    const hasParams = /[:*]/.test(pattern);
    const full = hasParams ? [fill('x'), withRealIds(pattern, ids)] : [pattern];
    const sample = bodies.filter(
      (b) => b.name === 'NUL in every field' || b.name === 'wrong types everywhere',
    );
    const plans: [string, string[], HostileBody[]][] = [
      ...full.map((url): [string, string[], HostileBody[]] => [url, queries, bodies]),
      ...(hasParams
        ? badParams.map((p): [string, string[], HostileBody[]] => [fill(p), [queries[0] ?? ''], sample])
        : []),
    ];
    for (const [url, qs, bs] of plans) {
      for (const query of qs) {
        const res = await send(
          who,
          method,
          `${url}${query}`,
          hasBody ? 'application/json' : undefined,
          hasBody ? '{}' : undefined,
        );
        judge(findings, where, `${url.slice(0, 60)}${query.slice(0, 30)}`, url, res);
      }
      if (!hasBody) continue;
      for (const body of bs) {
        const res = await send(who, method, url, body.type, body.payload);
        judge(findings, where, `${url.slice(0, 60)} ${body.name}`, url, res);
      }
    }
  }

  it.each(['anonymous', 'customer', 'owner'] as const)(
    'walks every registered route as %s: never a 5xx, /api errors in the contract',
    async (who) => {
      const routes = site.app.routeTable;
      expect(routes.length).toBeGreaterThan(40);
      const findings = new Map<string, string[]>();
      const before = sent;
      // The studio's app shell answers 503 "not built" until `npm run build:studio` has run (the
      // server suite does not build it); it reads no input, so there is nothing to walk there then.
      const studioBuilt = fs.existsSync(path.join(studioDist, 'index.html'));
      // Deletions last: the records they remove are the ones the other routes are walked with.
      const ordered = [...routes].sort(
        (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
      );
      for (const route of ordered) {
        if (!studioBuilt && route.url.startsWith('/config')) continue;
        await walkRoute(who, route.method, route.url, findings);
      }
      expect(sent - before).toBeGreaterThan(5_000);
      expect(report(findings)).toEqual([]);
      // Still signed in as the same person at the end: the walk really ran with that session.
      if (who !== 'anonymous') {
        const me = await site.request({
          method: 'GET',
          url: '/api/site-users/account',
          ...as(sessions[who]),
        });
        expect(me.statusCode).toBe(200);
      }
    },
    400_000,
  );

  it.each(pagePaths)('page URL %s is a 4xx or a page, never a 5xx', async (pagePath) => {
    const findings = new Map<string, string[]>();
    for (const who of ['anonymous', 'customer', 'owner'] as const) {
      for (const method of ['GET', 'POST']) {
        const res = await send(
          who,
          method,
          pagePath,
          method === 'POST' ? 'application/x-www-form-urlencoded' : undefined,
          method === 'POST' ? 'password=a%00b' : undefined,
        );
        judge(findings, `${who} ${method} ${pagePath.slice(0, 60)}`, 'password=a%00b', pagePath, res);
      }
    }
    expect(report(findings)).toEqual([]);
  });

  it('framework errors under /%61pi/… come back in the JSON contract', async () => {
    const res = await send('anonymous', 'GET', '/%61pi/commerce/shopping-cart/entries/%ZZ');
    if (res === NO_ANSWER) throw new Error(NO_ANSWER);
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
