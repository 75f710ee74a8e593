import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../src/db/schema/tracking';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

describe.each(backends)('clanker events on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  const addToCart = (extra: Record<string, unknown> = {}) => ({
    event_occurrence_timestamp: 1_700_000_000_000,
    source_environment: 'prod',
    session_id: 's-1',
    page_path: '/shop/p/classic-tee',
    website_id: site.websiteId,
    page_id: 'page-1',
    cart_id: 'cart-1',
    product_page: 'pdp',
    ss_cvr: 'vz|1|1|1|2',
    product: { item_id: 'item-9', item_type: 1, item_title: 'Tee', item_collection_id: 'c1' },
    ...extra,
  });

  function post(payload: unknown, contentType = 'application/json') {
    return site.request({
      method: 'POST',
      url: '/api/v1/clanker/events',
      crumb: false,
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  }

  it.each([
    ['a JSON XHR', 'application/json'],
    ['a text/plain beacon', 'text/plain;charset=UTF-8'],
  ])('accepts an add-to-cart event sent as %s', async (_l, contentType) => {
    const res = await post(
      { eventSchemaName: 'add_to_cart', eventContent: JSON.stringify(addToCart()) },
      contentType,
    );
    expect(res.statusCode).toBe(202);
    await site.app.trackingQueue.drain();
    const rows = await site.app.database.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.websiteId, site.websiteId), eq(trackingEvents.name, 'add_to_cart')));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({
      kind: 'clanker',
      itemId: 'item-9',
      visitorId: 'vz',
      visitNumber: 2,
      pagePath: '/shop/p/classic-tee',
    });
  });

  it.each([
    ['no eventSchemaName', { eventContent: '{}' }, 'VALIDATION_FAILED'],
    ['eventContent as an object', { eventSchemaName: 'page_view', eventContent: {} }, 'VALIDATION_FAILED'],
    ['eventContent not JSON', { eventSchemaName: 'page_view', eventContent: '{x' }, 'INVALID_JSON'],
    ['eventContent a JSON array', { eventSchemaName: 'page_view', eventContent: '[]' }, 'VALIDATION_FAILED'],
    ['an unknown schema', { eventSchemaName: 'nope', eventContent: '{}' }, 'UNKNOWN_EVENT_SCHEMA'],
    [
      'a prototype key as schema',
      { eventSchemaName: 'constructor', eventContent: '{}' },
      'UNKNOWN_EVENT_SCHEMA',
    ],
    [
      'no occurrence timestamp',
      { eventSchemaName: 'page_view', eventContent: '{}' },
      'INVALID_EVENT_CONTENT',
    ],
    [
      'a negative timestamp',
      { eventSchemaName: 'page_view', eventContent: '{"event_occurrence_timestamp":-1}' },
      'INVALID_EVENT_CONTENT',
    ],
    [
      'an unknown source environment',
      {
        eventSchemaName: 'page_view',
        eventContent: '{"event_occurrence_timestamp":1,"source_environment":"moon"}',
      },
      'INVALID_EVENT_CONTENT',
    ],
  ])('rejects %s', async (_l, payload, code) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  it.each([
    ['product_page', { product_page: 'home' }],
    ['product', { product: undefined }],
    ['product.item_id', { product: { item_type: 1, item_title: 'x' } }],
    ['website_id', { website_id: undefined }],
  ])('rejects add_to_cart content with a bad %s and lists the path', async (field, extra) => {
    const res = await post({
      eventSchemaName: 'add_to_cart',
      eventContent: JSON.stringify(addToCart(extra)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_EVENT_CONTENT');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it('rejects content claiming another website', async () => {
    const res = await post({
      eventSchemaName: 'add_to_cart',
      eventContent: JSON.stringify(addToCart({ website_id: 'other-site' })),
    });
    expect(res.statusCode).toBe(400);
  });

  it('rejects malformed text/plain and oversized content', async () => {
    expect((await post('{"eventSchemaName":', 'text/plain')).statusCode).toBe(400);
    const big = await post({
      eventSchemaName: 'page_view',
      eventContent: JSON.stringify({ event_occurrence_timestamp: 1, pad: 'x'.repeat(20_000) }),
    });
    expect(big.statusCode).toBe(413);
  });

  describe('validate-event-content', () => {
    const validate = (schema: string, payload: unknown) =>
      site.request({
        method: 'POST',
        url: `/api/v1/clanker/validate-event-content/${schema}`,
        crumb: false,
        payload: payload as object,
      });

    it('answers valid for matching content, as a JSON string or an object', async () => {
      const asString = await validate('add_to_cart', { eventContent: JSON.stringify(addToCart()) });
      expect(asString.statusCode).toBe(200);
      expect(asString.json()).toEqual({ valid: true, eventSchemaName: 'add_to_cart' });
      const asObject = await validate('page_view', { event_occurrence_timestamp: 5 });
      expect(asObject.statusCode).toBe(200);
    });

    it.each([
      ['unknown', { event_occurrence_timestamp: 1 }, 'UNKNOWN_EVENT_SCHEMA'],
      [
        'add_to_cart',
        { eventContent: JSON.stringify({ event_occurrence_timestamp: 1 }) },
        'INVALID_EVENT_CONTENT',
      ],
      ['custom_event', { event_occurrence_timestamp: 1 }, 'INVALID_EVENT_CONTENT'],
      ['page_view', { eventContent: 'not json' }, 'INVALID_JSON'],
      ['page_view', [1, 2], 'VALIDATION_FAILED'],
    ])('rejects %s with %j', async (schema, payload, code) => {
      const res = await validate(schema, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(code);
    });

    it('stores nothing', async () => {
      await validate('page_view', { event_occurrence_timestamp: 5, session_id: 'validate-only' });
      await site.app.trackingQueue.drain();
      const rows = await site.app.database.db
        .select()
        .from(trackingEvents)
        .where(eq(trackingEvents.websiteId, site.websiteId));
      expect(rows.some((r) => r.data.session_id === 'validate-only')).toBe(false);
    });
  });
});
