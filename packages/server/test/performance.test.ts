import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performanceRecords } from '../src/db/schema/tracking';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

const pageSpeed = (
  pageLoadId: string,
  metrics: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  app: 'storefront',
  event: 'page-speed',
  pageLoadId,
  ts: 1_700_000_000_000,
  data: {
    url: 'https://x.test/shop?sort=1',
    pageType: 1,
    metrics: {
      firstContentfulPaint: 900,
      largestContentfulPaint: 1800.5,
      firstInputDelay: 12,
      interactionToNextPaint: 80,
      cumulativeLayoutShift: 0.02,
      responseStart: 40,
      domContentLoadedEventEnd: 600,
      loadEventEnd: 1200,
      ...metrics,
    },
  },
  ...extra,
});

describe.each(backends)('performance records on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  const post = (payload: unknown, contentType = 'text/plain;charset=UTF-8') =>
    site.request({
      method: 'POST',
      url: '/api/1/performance/records',
      crumb: false,
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  async function stored() {
    await site.app.trackingQueue.drain();
    return site.app.database.db
      .select()
      .from(performanceRecords)
      .where(eq(performanceRecords.websiteId, site.websiteId));
  }

  it('stores a text/plain beacon array with the Web Vitals in columns', async () => {
    const res = await post([pageSpeed('load-1')]);
    expect(res.statusCode).toBe(202);
    const row = (await stored()).find((r) => r.pageLoadId === 'load-1')!;
    expect(row).toMatchObject({
      event: 'page-speed',
      app: 'storefront',
      pagePath: '/shop',
      pageType: 1,
      fcpMs: 900,
      lcpMs: 1800.5,
      fidMs: 12,
      inpMs: 80,
      cls: 0.02,
    });
  });

  it('keeps one report per page load even when the browser sends twice', async () => {
    await post([pageSpeed('load-2')]);
    await post([pageSpeed('load-2', { firstContentfulPaint: 5 })], 'application/json');
    const rows = (await stored()).filter((r) => r.pageLoadId === 'load-2');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.fcpMs).toBe(900);
  });

  it.each([
    ['an object', pageSpeed('x'), 'VALIDATION_FAILED', 400],
    ['an empty array', [], 'VALIDATION_FAILED', 400],
    ['21 events', Array.from({ length: 21 }, (_, i) => pageSpeed(`m${i}`)), 'TOO_MANY_EVENTS', 413],
    ['an unknown event', [pageSpeed('x', {}, { event: 'cpu' })], 'VALIDATION_FAILED', 400],
    ['a bad pageLoadId', [pageSpeed('no spaces allowed')], 'VALIDATION_FAILED', 400],
    ['a zero ts', [pageSpeed('x', {}, { ts: 0 })], 'VALIDATION_FAILED', 400],
    ['a negative metric', [pageSpeed('x', { firstContentfulPaint: -1 })], 'VALIDATION_FAILED', 400],
    ['a string metric', [pageSpeed('x', { largestContentfulPaint: '5' })], 'VALIDATION_FAILED', 400],
    ['an unknown metric', [pageSpeed('x', { bogus: 1 })], 'VALIDATION_FAILED', 400],
    ['no url', [{ app: 'a', event: 'image', pageLoadId: 'p', ts: 1, data: {} }], 'VALIDATION_FAILED', 400],
    ['no app', [{ event: 'image', pageLoadId: 'p', ts: 1, data: { url: '/' } }], 'VALIDATION_FAILED', 400],
  ])('rejects %s', async (_l, payload, code, status) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
  });

  it.each([
    ['malformed text', '[{'],
    ['an empty body', ''],
  ])('rejects %s with 400', async (_l, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
  });

  it('rejects a body over 64 KiB with 413', async () => {
    const res = await post([pageSpeed('big', {}, { data: { url: '/', pad: 'x'.repeat(70_000) } })]);
    expect(res.statusCode).toBe(413);
  });
});
