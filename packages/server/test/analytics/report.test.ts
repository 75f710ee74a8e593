import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/services/analytics/date-range';
import { DEMO_CUSTOMER } from '../../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { insertHits, insertOrder, insertVitals, p75, sessionOf } from './analytics-seed';

// The demo site is in America/New_York; 2025-03-09 is the day its clocks went forward
// (EST −5 before 07:00 UTC, EDT −4 after), so the buckets follow the site's own midnight.
const RANGE = '?from=2025-03-08&to=2025-03-10';
const fcp = [500, 600, 700, 800];
const lcp = [1000, 2000, 3000, 6000];
const cls = [0.3, 0.4, 0.5, 0.6];

describe.each(backends)('owner analytics report on %s', (backend) => {
  let site: TestSite;
  let owner: string;
  const summary = async (query: string, session = owner) => {
    const res = await site.request({
      method: 'GET',
      url: `/api/analytics/summary${query}`,
      cookies: session ? { siteUserSession: session } : {},
    });
    return res;
  };

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await sessionOf(site);
    await insertHits(site, [
      { at: '2025-03-08T04:59:00Z', visitor: 'D', visit: 1, path: '/' }, // 03-07 23:59 New York: before
      { at: '2025-03-09T04:30:00Z', visitor: 'A', visit: 1, path: '/', referrer: 'search.test' }, // 03-08
      { at: '2025-03-09T05:30:00Z', visitor: 'A', visit: 2, path: '/shop/p/tee', pageType: 50 }, // 03-09
      {
        at: '2025-03-09T05:30:00Z',
        visitor: 'A',
        visit: 2,
        path: '/shop/p/tee',
        kind: 'derived',
        name: 'commerce_item_viewed',
      },
      {
        at: '2025-03-09T05:31:00Z',
        visitor: 'A',
        visit: 2,
        path: '/shop/p/tee',
        kind: 'clanker',
        name: 'add_to_cart',
      },
      { at: '2025-03-10T03:30:00Z', visitor: 'B', visit: 1, path: '/', referrer: 'news.test' }, // 03-09 23:30 EDT
      { at: '2025-03-10T03:40:00Z', visitor: 'B', visit: 1, path: '/shop/p/tee', pageType: 50 },
      {
        at: '2025-03-10T03:40:00Z',
        visitor: 'B',
        visit: 1,
        path: '/shop/p/tee',
        kind: 'derived',
        name: 'commerce_item_viewed',
      },
      {
        at: '2025-03-10T03:41:00Z',
        visitor: 'B',
        visit: 1,
        path: '/shop/p/tee',
        kind: 'clanker',
        name: 'add_to_cart',
      },
      {
        at: '2025-03-10T03:42:00Z',
        visitor: 'B',
        visit: 1,
        path: '/shop/p/tee',
        kind: 'clanker',
        name: 'add_to_cart',
      },
      {
        at: '2025-03-10T04:30:00Z',
        visitor: 'C',
        visit: 1,
        path: '/checkout',
        pageType: 201,
        referrer: 'search.test',
      }, // 03-10
      { at: '2025-03-11T03:59:00Z', visitor: 'A', visit: 3, path: '/' }, // 03-10 23:59
      { at: '2025-03-11T04:00:00Z', visitor: 'D', visit: 2, path: '/' }, // 03-11 00:00: after
      {
        at: '2025-03-09T06:00:00Z',
        visitor: 'A',
        visit: 2,
        path: '/',
        kind: 'js_error',
        name: 'javascript_error',
        message: 'x is undefined',
      },
      {
        at: '2025-03-10T15:00:00Z',
        visitor: 'B',
        visit: 1,
        path: '/',
        kind: 'js_error',
        name: 'javascript_error',
        message: 'x is undefined',
      },
      {
        at: '2025-03-10T16:00:00Z',
        visitor: 'C',
        visit: 1,
        path: '/',
        kind: 'js_error',
        name: 'javascript_error',
        message: 'boom',
      },
    ]);
    await insertVitals(
      site,
      '2025-03-09T12:00:00Z',
      50,
      fcp.map((f, i) => ({ fcp: f, lcp: lcp[i], cls: cls[i], ...(i < 2 ? { fid: [50, 400][i] } : {}) })),
    );
    await insertVitals(site, '2025-03-09T12:00:00Z', 2, [{ fcp: 3500, lcp: 2000, cls: 0.05 }]);
  });
  afterAll(() => site.app.close());

  it('answers 401 to anonymous visitors and 403 to customers', async () => {
    expect((await summary(RANGE, '')).statusCode).toBe(401);
    expect((await summary(RANGE, await sessionOf(site, DEMO_CUSTOMER))).statusCode).toBe(403);
  });

  it('labels revenue as test mode while the store has never taken a live payment', async () => {
    await insertOrder(site, { at: '2025-03-09T17:00:00Z', cents: 999, testMode: true });
    const s = (await summary(RANGE)).json();
    expect(s.testMode).toBe(true);
    expect(s.revenue).toEqual([{ currency: 'USD', orders: 1, grandTotalCents: 999, testMode: true }]);
    // Then live orders arrive: test-mode orders leave the numbers.
    await insertOrder(site, { at: '2025-03-09T17:00:00Z', cents: 2000 });
    await insertOrder(site, { at: '2025-03-10T17:00:00Z', cents: 1500, currency: 'EUR' });
    await insertOrder(site, { at: '2025-03-10T18:00:00Z', cents: 700, canceled: true });
    await insertOrder(site, { at: '2025-03-11T05:00:00Z', cents: 5000 }); // 03-11 in New York
  });

  it('buckets visits, unique visitors and page views by the site’s calendar days', async () => {
    const res = await summary(RANGE);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.range).toEqual({ from: '2025-03-08', to: '2025-03-10', timeZone: 'America/New_York' });
    expect(s).toMatchObject({ visits: 5, uniqueVisitors: 3, pageViews: 6 });
    expect(s.daily).toEqual([
      { date: '2025-03-08', visits: 1, uniqueVisitors: 1, pageViews: 1 },
      { date: '2025-03-09', visits: 2, uniqueVisitors: 2, pageViews: 3 },
      { date: '2025-03-10', visits: 2, uniqueVisitors: 2, pageViews: 2 },
    ]);
  });

  it('fills days without visits with zeros', async () => {
    const s = (await summary('?from=2025-03-06&to=2025-03-08')).json();
    expect(s.daily).toEqual([
      { date: '2025-03-06', visits: 0, uniqueVisitors: 0, pageViews: 0 },
      { date: '2025-03-07', visits: 1, uniqueVisitors: 1, pageViews: 1 },
      { date: '2025-03-08', visits: 1, uniqueVisitors: 1, pageViews: 1 },
    ]);
  });

  it('ranks top pages and referrers', async () => {
    const s = (await summary(RANGE)).json();
    expect(s.topPages).toEqual([
      { path: '/', pageViews: 3, uniqueVisitors: 2 },
      { path: '/shop/p/tee', pageViews: 2, uniqueVisitors: 2 },
      { path: '/checkout', pageViews: 1, uniqueVisitors: 1 },
    ]);
    expect(s.referrers).toEqual([
      { referrer: 'search.test', visits: 2 },
      { referrer: 'news.test', visits: 1 },
    ]);
  });

  it('gives the funnel in visits, the add-to-cart rate, conversion and live revenue per currency', async () => {
    const s = (await summary(RANGE)).json();
    expect(s.funnel).toEqual([
      { step: 'product-views', count: 2 },
      { step: 'add-to-cart', count: 2 },
      { step: 'checkout', count: 1 },
      { step: 'orders', count: 2 },
    ]);
    expect(s.addToCart).toEqual({ events: 3, visits: 2, rate: 2 / 5 });
    expect(s.checkout).toEqual({ orders: 2, conversion: 2 / 5 });
    expect(s.testMode).toBe(false);
    expect(s.revenue).toEqual([
      { currency: 'EUR', orders: 1, grandTotalCents: 1500, testMode: false },
      { currency: 'USD', orders: 1, grandTotalCents: 2000, testMode: false },
    ]);
  });

  it('counts JavaScript errors by message with the last time seen', async () => {
    const s = (await summary(RANGE)).json();
    expect(s.javascriptErrors).toEqual([
      { message: 'x is undefined', count: 2, lastSeen: '2025-03-10T15:00:00.000Z' },
      { message: 'boom', count: 1, lastSeen: '2025-03-10T16:00:00.000Z' },
    ]);
  });

  it('rates Web Vitals at the 75th percentile per page template', async () => {
    const s = (await summary(RANGE)).json();
    expect(s.webVitals.map((v: { template: string }) => v.template)).toEqual(['page', 'content-item']);
    const [page, product] = s.webVitals;
    expect(page).toMatchObject({ pageType: 2, samples: 1, fcp: { p75: 3500, rating: 'poor' }, fid: null });
    expect(product.samples).toBe(4);
    expect(product.fcp).toEqual({ p75: p75(fcp), rating: 'good' });
    expect(product.lcp).toEqual({ p75: p75(lcp), rating: 'needs-improvement' });
    expect(product.cls.p75).toBeCloseTo(p75(cls), 9);
    expect(product.cls.rating).toBe('poor');
    expect(product.fid).toEqual({ p75: p75([50, 400]), rating: 'poor' });
  });

  it('defaults to the last 30 days ending today in the site’s time zone', async () => {
    const s = (await summary('')).json();
    const today = todayIn('America/New_York');
    expect(s.range.to).toBe(today);
    expect(s.daily).toHaveLength(30);
    expect(s.daily.at(-1).date).toBe(today);
    expect(s.daily[0].date).toBe(s.range.from);
  });

  it.each([7, 90])('takes the last %i days with `days`', async (days) => {
    const s = (await summary(`?days=${days}`)).json();
    expect(s.daily).toHaveLength(days);
    expect(s.range.to).toBe(todayIn('America/New_York'));
  });

  it('allows a year and a day', async () => {
    expect((await summary('?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it.each([
    ['?from=2024-13-01&to=2024-12-31', 'from is not a calendar date.'],
    ['?from=yesterday', 'must be a date'],
    ['?from=2024-02-30&to=2024-03-01', 'from is not a calendar date.'],
    ['?from=2024-05-02&to=2024-05-01', 'from must not be after to.'],
    ['?from=2024-01-01&to=2025-01-01', 'The range may span at most 366 days.'],
    ['?days=367', 'days'],
    ['?days=0', 'days'],
  ])('rejects %s with 400 (%s)', async (query, message) => {
    const res = await summary(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.body).toContain(message);
  });
});
