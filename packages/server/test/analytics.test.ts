import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/commerce';
import { rateVital } from '../src/services/analytics-vitals';
import { todayIn } from '../src/services/analytics/date-range';
import { DEMO_CUSTOMER, DEMO_OWNER } from '../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

// Days are the site's calendar days (the demo site is in New York).
const today = todayIn('America/New_York');

/** Linear-interpolated percentile, as PostgreSQL's percentile_cont. */
function p75(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = 0.75 * (s.length - 1);
  const lo = Math.floor(pos);
  const low = s[lo] ?? Number.NaN;
  const high = s[Math.min(lo + 1, s.length - 1)] ?? Number.NaN;
  return low + (high - low) * (pos - lo);
}

async function sessionOf(site: TestSite, creds: { email: string; password: string }): Promise<string> {
  const res = await site.request({ method: 'POST', url: '/api/site-users/account/session', payload: creds });
  return res.cookies.find((c) => c.name === 'siteUserSession')?.value ?? '';
}

describe.each(backends)('owner analytics on %s', (backend) => {
  let site: TestSite;
  let owner: string;
  const fcpShop = [900, 1500, 2600, 3100];
  const lcpShop = [2000, 2400, 3900, 5000];
  const clsShop = [0.01, 0.05, 0.2, 0.3];

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await sessionOf(site, DEMO_OWNER);
    const hit = (cvr: string, url: string, pageType: number) =>
      site.request({
        method: 'POST',
        url: '/api/census/RecordHit',
        crumb: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          event: 'View',
          ss_cvr: cvr,
          data: JSON.stringify({ url, pageType, clientDate: Date.now() }),
        }).toString(),
      });
    // Visitor a: two visits (3 + 1 views); visitor b: one visit (2 views). → 3 visits, 2 visitors, 6 views.
    for (const [cvr, url, type] of [
      ['a|1|1|1|1', '/', 2],
      ['a|1|1|1|1', '/shop', 1],
      ['a|1|1|1|1', '/shop', 1],
      ['a|1|1|2|2', '/shop', 1],
      ['b|5|5|5|1', '/', 2],
      ['b|5|5|5|1', '/shop', 1],
    ] as const) {
      expect((await hit(cvr, url, type)).statusCode).toBe(202);
    }
    const add = (cvr: string) =>
      site.request({
        method: 'POST',
        url: '/api/v1/clanker/events',
        crumb: false,
        payload: {
          eventSchemaName: 'add_to_cart',
          eventContent: JSON.stringify({
            event_occurrence_timestamp: Date.now(),
            website_id: site.websiteId,
            product_page: 'pdp',
            ss_cvr: cvr,
            product: { item_id: 'i1', item_type: 1, item_title: 'Tee' },
          }),
        },
      });
    // Two adds in the same visit count once for the rate.
    await add('a|1|1|1|1');
    await add('a|1|1|1|1');
    await site.request({
      method: 'POST',
      url: '/api/events/RecordJavascriptErrors',
      payload: ['x is undefined', 'x is undefined', 'boom'].map((message) => ({
        event: 'javascript_error',
        timestamp: Date.now(),
        data: { message },
      })),
    });
    await site.request({
      method: 'POST',
      url: '/api/1/performance/records',
      crumb: false,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(
        fcpShop.map((fcp, i) => ({
          app: 'storefront',
          event: 'page-speed',
          pageLoadId: `pl-${i}`,
          ts: Date.now(),
          data: {
            url: '/shop',
            pageType: 1,
            metrics: {
              firstContentfulPaint: fcp,
              largestContentfulPaint: lcpShop[i],
              cumulativeLayoutShift: clsShop[i],
            },
          },
        })),
      ),
    });
    await site.app.trackingQueue.drain();
    const order = (
      grandTotalCents: number,
      testMode: boolean,
      status: 'PENDING' | 'CANCELED' = 'PENDING',
    ) => ({
      websiteId: site.websiteId,
      purchasedCartId: randomUUID(),
      accessToken: randomUUID(),
      email: 'buyer@example.com',
      testMode,
      status,
      currency: 'USD',
      grandTotalCents,
      paymentProvider: 'test',
      paymentReference: randomUUID(),
    });
    await site.app.database.db
      .insert(orders)
      .values([order(2800, false), order(1500, false), order(9999, true), order(700, false, 'CANCELED')]);
  });
  afterAll(() => site.app.close());

  const summary = (query: string, session?: string) =>
    site.request({
      method: 'GET',
      url: `/api/analytics/summary${query}`,
      cookies: session ? { siteUserSession: session } : {},
    });

  it('answers 401 to anonymous visitors and 403 to site users', async () => {
    expect((await summary('')).statusCode).toBe(401);
    const customer = await sessionOf(site, DEMO_CUSTOMER);
    expect((await summary('', customer)).statusCode).toBe(403);
  });

  it('counts visits, unique visitors, page views and top pages', async () => {
    const res = await summary(`?from=${today}&to=${today}`, owner);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ visits: 3, uniqueVisitors: 2, pageViews: 6 });
    expect(s.topPages[0]).toEqual({ path: '/shop', pageViews: 4, uniqueVisitors: 2 });
    expect(s.topPages[1]).toEqual({ path: '/', pageViews: 2, uniqueVisitors: 2 });
    expect(s.daily).toEqual([{ date: today, pageViews: 6, visits: 3, uniqueVisitors: 2 }]);
  });

  it('gives add-to-cart rate per visit, checkout conversion and live revenue', async () => {
    const s = (await summary(`?from=${today}&to=${today}`, owner)).json();
    expect(s.addToCart).toEqual({ events: 2, visits: 1, rate: 1 / 3 });
    // Test-mode and canceled orders are not revenue.
    expect(s.revenue).toEqual([{ currency: 'USD', orders: 2, grandTotalCents: 4300, testMode: false }]);
    expect(s.checkout).toEqual({ orders: 2, conversion: 2 / 3 });
  });

  it('counts JavaScript errors by message', async () => {
    const s = (await summary(`?from=${today}&to=${today}`, owner)).json();
    expect(s.javascriptErrors.map((e: { message: string; count: number }) => [e.message, e.count])).toEqual([
      ['x is undefined', 2],
      ['boom', 1],
    ]);
  });

  it('reports Web Vitals at the 75th percentile per page template with ratings', async () => {
    const s = (await summary(`?from=${today}&to=${today}`, owner)).json();
    const shop = s.webVitals.find((v: { pageType: number }) => v.pageType === 1);
    expect(shop.template).toBe('collection');
    expect(shop.samples).toBe(4);
    expect(shop.fcp.p75).toBeCloseTo(p75(fcpShop), 6);
    expect(shop.lcp.p75).toBeCloseTo(p75(lcpShop), 6);
    expect(shop.cls.p75).toBeCloseTo(p75(clsShop), 6);
    expect(shop.fcp.rating).toBe(rateVital('fcp', p75(fcpShop)));
    expect(shop.fid).toBeNull();
  });

  it('sees nothing outside the range', async () => {
    const s = (await summary('?from=2020-01-01&to=2020-01-31', owner)).json();
    expect(s).toMatchObject({ visits: 0, pageViews: 0, revenue: [], webVitals: [], javascriptErrors: [] });
    expect(s.addToCart.rate).toBe(0);
  });

  it.each([
    ['?from=2024-13-01&to=2024-12-31'],
    ['?from=yesterday'],
    ['?from=2024-02-30&to=2024-03-01'],
    ['?from=2024-05-02&to=2024-05-01'],
    ['?from=2022-01-01&to=2024-01-01'],
  ])('rejects the range %s with 400', async (query) => {
    const res = await summary(query, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('web vital ratings (spec §9 thresholds)', () => {
  it.each([
    ['fcp', 1800, 'good'],
    ['fcp', 1801, 'needs-improvement'],
    ['fcp', 3000, 'needs-improvement'],
    ['fcp', 3001, 'poor'],
    ['lcp', 2500, 'good'],
    ['lcp', 4000.1, 'poor'],
    ['fid', 100, 'good'],
    ['fid', 300, 'needs-improvement'],
    ['cls', 0.1, 'good'],
    ['cls', 0.25, 'needs-improvement'],
    ['cls', 0.26, 'poor'],
  ] as const)('%s %d is %s', (vital, value, rating) => {
    expect(rateVital(vital, value)).toBe(rating);
  });
});
