import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../src/db/schema/tracking';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

const CVR = 'v1a2b3|1700000000000|1700000000000|1700000001000|3';

function hitData(site: TestSite, extra: Record<string, unknown> = {}) {
  return {
    websiteId: site.websiteId,
    templateId: 'tmpl-1',
    website_locale: 'en-US',
    userAgent: 'test-agent',
    clientDate: 1_700_000_001_000,
    viewportInnerWidth: 1280,
    viewportInnerHeight: 800,
    screenWidth: 1920,
    screenHeight: 1080,
    url: 'https://shop.test/shop/p/classic-tee?x=1',
    title: 'Classic Tee',
    itemId: 'item-1',
    recordType: 11,
    collectionId: 'col-1',
    pageType: 50,
    ...extra,
  };
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

describe.each(backends)('census beacons on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  async function stored() {
    await site.app.trackingQueue.drain();
    return site.app.database.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.websiteId, site.websiteId));
  }

  function postHit(fields: Record<string, string>) {
    return site.request({
      method: 'POST',
      url: '/api/census/RecordHit',
      crumb: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(fields),
    });
  }

  it('accepts a page-view hit without a crumb and stores it with its visit', async () => {
    const before = (await stored()).length;
    const res = await postHit({
      event: 'View',
      data: JSON.stringify(hitData(site, { recordType: 1, pageType: 2 })),
      ss_cvr: CVR,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 1 });
    const rows = await stored();
    expect(rows).toHaveLength(before + 1);
    const row = rows.find((r) => r.name === 'page_view')!;
    expect(row).toMatchObject({
      kind: 'census',
      visitorId: 'v1a2b3',
      visitNumber: 3,
      pagePath: '/shop/p/classic-tee',
      pageType: 2,
      itemId: 'item-1',
    });
    expect(row.occurredAt?.getTime()).toBe(1_700_000_001_000);
    expect(row.data).toMatchObject({ title: 'Classic Tee', screenWidth: 1920 });
  });

  it('records a product page view as commerce_item_viewed too, with its own id, once', async () => {
    const ss = 'pv77|1700000000000|1700000000000|1700000001000|2';
    const data = hitData(site, { itemId: 'item-pv', sessionId: 'sess-9' });
    const res = await postHit({ event: 'View', data: JSON.stringify(data), ss_cvr: ss });
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = (await stored()).filter((r) => r.itemId === 'item-pv');
    expect(rows.map((r) => [r.kind, r.name]).sort()).toEqual([
      ['census', 'page_view'],
      ['derived', 'commerce_item_viewed'],
    ]);
    const [view, viewed] = [
      rows.find((r) => r.name === 'page_view')!,
      rows.find((r) => r.kind === 'derived')!,
    ];
    expect(viewed.id).not.toBe(view.id);
    expect(viewed).toMatchObject({
      visitorId: 'pv77',
      visitNumber: 2,
      pagePath: view.pagePath,
      pageType: 50,
    });
    expect(viewed.occurredAt?.getTime()).toBe(view.occurredAt?.getTime());
    expect(viewed.data).toEqual({
      website_id: site.websiteId,
      product: { item_id: 'item-pv' },
      page_type: 50,
      end_user_session_id: 'sess-9',
      ss_cvr: ss,
      derived_from: 'page_view',
    });
    // A blog post is a content item too, but not a product: no commerce event.
    await postHit({
      event: 'View',
      data: JSON.stringify(hitData(site, { itemId: 'post-1', recordType: 1 })),
      ss_cvr: ss,
    });
    expect((await stored()).filter((r) => r.itemId === 'post-1').map((r) => r.name)).toEqual(['page_view']);
  });

  // NUL is refused at the edge for every route (PostgreSQL cannot store it).
  it('refuses NUL characters with INVALID_CHARACTERS and stores nothing', async () => {
    const res = await postHit({
      event: 'View',
      data: JSON.stringify(hitData(site, { title: 'nul\u0000title', url: '/nul-page' })),
      ss_cvr: CVR,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CHARACTERS');
    expect((await stored()).find((r) => r.pagePath === '/nul-page')).toBeUndefined();
  });

  it.each([
    ['an id only', 'abc'],
    ['three numbers', 'abc|1|2|3'],
    ['a zero', 'abc|0|2|3|4'],
    ['a negative number', 'abc|1|-2|3|4'],
    ['a decimal', 'abc|1|2.5|3|4'],
    ['an empty id', '|1|2|3|4'],
    ['an extra part', 'abc|1|2|3|4|5'],
    ['spaces', 'abc | 1|2|3|4'],
    ['a number too large', 'abc|1|2|3|99999999999999999'],
  ])('rejects a visitor record with %s', async (_label, ss_cvr) => {
    const res = await postHit({ event: 'View', data: JSON.stringify(hitData(site)), ss_cvr });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_VISITOR_RECORD');
  });

  it.each([
    ['missing data', { event: 'View', ss_cvr: CVR }, 'VALIDATION_FAILED'],
    ['missing ss_cvr', { event: 'View', data: '{}' }, 'VALIDATION_FAILED'],
    ['an unknown event', { event: 'Explode', data: '{}', ss_cvr: CVR }, 'VALIDATION_FAILED'],
    ['data that is not JSON', { event: 'View', data: '{nope', ss_cvr: CVR }, 'INVALID_JSON'],
    ['data that is an array', { event: 'View', data: '[1]', ss_cvr: CVR }, 'VALIDATION_FAILED'],
    [
      'data without url',
      { event: 'View', data: JSON.stringify({ clientDate: 5 }), ss_cvr: CVR },
      'VALIDATION_FAILED',
    ],
  ])('rejects a hit with %s', async (_label, fields, code) => {
    const res = await postHit(fields as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  it.each([
    ['a zero clientDate', { clientDate: 0 }],
    ['a negative clientDate', { clientDate: -5 }],
    ['a fractional clientDate', { clientDate: 1.5 }],
    ['a string clientDate', { clientDate: '1700000000000' }],
    ['a negative viewport', { viewportInnerWidth: -1 }],
    ['another website id', { websiteId: 'someone-else' }],
    ['an over-long url', { url: `https://x.test/${'a'.repeat(2100)}` }],
  ])('rejects hit data with %s', async (_label, extra) => {
    const res = await postHit({ event: 'View', data: JSON.stringify(hitData(site, extra)), ss_cvr: CVR });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('rejects an oversized data field with 413', async () => {
    const res = await postHit({
      event: 'View',
      data: JSON.stringify(hitData(site, { title: 'x'.repeat(20_000) })),
      ss_cvr: CVR,
    });
    expect(res.statusCode).toBe(413);
  });

  it('rejects a body over the beacon limit with 413', async () => {
    const res = await postHit({ event: 'View', data: 'x'.repeat(70 * 1024), ss_cvr: CVR });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  const page = { url: '/about', pageType: 2, clientDate: 1_700_000_000_000 };
  it.each([
    ['/api/census/button-click', { ...page, visitorCookie: CVR, buttonText: 'Shop now' }, 'button_click'],
    ['/api/census/button-render', { ...page, visitorCookie: CVR, buttonId: 'b1' }, 'button_render'],
    ['/api/census/form-render', { ...page, visitorCookie: CVR, formId: 'form-1' }, 'form_render'],
    [
      '/api/census/overlay',
      { ...page, visitorCookie: CVR, event: 'render', overlayId: 'o1' },
      'overlay_render',
    ],
  ])('accepts %s and stores it', async (url, payload, name) => {
    const res = await site.request({ method: 'POST', url, crumb: false, payload });
    expect(res.statusCode).toBe(202);
    const row = (await stored()).find((r) => r.name === name);
    expect(row).toMatchObject({ pagePath: '/about', pageType: 2, visitorId: 'v1a2b3' });
  });

  it.each([
    ['/api/census/button-click', { url: '/about' }, 'VALIDATION_FAILED'],
    ['/api/census/button-click', { url: '/about', visitorCookie: 'bad' }, 'INVALID_VISITOR_RECORD'],
    ['/api/census/button-render', { visitorCookie: CVR }, 'VALIDATION_FAILED'],
    ['/api/census/form-render', { url: '/about', visitorCookie: CVR }, 'VALIDATION_FAILED'],
    [
      '/api/census/form-render',
      { url: '/about', visitorCookie: CVR, formId: 'bad id!' },
      'VALIDATION_FAILED',
    ],
    ['/api/census/overlay', { url: '/about', visitorCookie: CVR }, 'VALIDATION_FAILED'],
    ['/api/census/overlay', { url: '/about', visitorCookie: CVR, event: 'x<y' }, 'VALIDATION_FAILED'],
    [
      '/api/census/overlay',
      { url: '/', visitorCookie: CVR, event: 'render', clientDate: 0 },
      'VALIDATION_FAILED',
    ],
  ])('rejects %s with %j', async (url, payload, code) => {
    const res = await site.request({ method: 'POST', url, crumb: false, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  it('rejects malformed JSON and arrays on census calls with 400', async () => {
    const bad = await site.request({
      method: 'POST',
      url: '/api/census/button-click',
      crumb: false,
      headers: { 'content-type': 'application/json' },
      payload: '{"url":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_JSON');
    const arr = await site.request({
      method: 'POST',
      url: '/api/census/form-render',
      crumb: false,
      payload: [1],
    });
    expect(arr.statusCode).toBe(400);
  });

  it('accepts a text/plain beacon body', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/census/button-click',
      crumb: false,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ url: '/text-plain', visitorCookie: CVR }),
    });
    expect(res.statusCode).toBe(202);
  });

  it('records a quick view by item id, with or without a body', async () => {
    const empty = await site.request({
      method: 'POST',
      url: '/api/census/RecordQuickView/item-42',
      crumb: false,
    });
    expect(empty.statusCode).toBe(202);
    const withBody = await site.request({
      method: 'POST',
      url: '/api/census/RecordQuickView/item-43',
      crumb: false,
      payload: { visitorCookie: CVR, url: '/shop' },
    });
    expect(withBody.statusCode).toBe(202);
    const rows = (await stored()).filter((r) => r.name === 'quick_view');
    expect(rows.map((r) => r.itemId).sort()).toEqual(['item-42', 'item-43']);
  });

  it.each([
    ['/api/census/RecordQuickView/bad%20id', {}],
    ['/api/census/RecordQuickView/ok', { visitorCookie: 'nope' }],
  ])('rejects quick view %s', async (url, payload) => {
    const res = await site.request({ method: 'POST', url, crumb: false, payload });
    expect(res.statusCode).toBe(400);
  });

  it('answers 405 for GET on a census endpoint', async () => {
    const res = await site.request({ method: 'GET', url: '/api/census/RecordHit' });
    expect(res.statusCode).toBe(405);
  });
});
