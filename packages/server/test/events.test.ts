import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../src/db/schema/tracking';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

const report = (message: string, extra: Record<string, unknown> = {}) => ({
  event: 'javascript_error',
  timestamp: 1_700_000_000_000,
  data: { message, stack: 'at f (app.js:1:2)', url: 'https://x.test/shop?a=1', line: 1, column: 2, ...extra },
});

describe.each(backends)('event endpoints on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  async function stored(kind: string) {
    await site.app.trackingQueue.drain();
    return site.app.database.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.websiteId, site.websiteId), eq(trackingEvents.kind, kind)));
  }

  function recordEvent(fields: Record<string, string>, options: { cookie?: string } = {}) {
    return site.request({
      method: 'POST',
      url: '/api/events/RecordEvent',
      crumb: false,
      cookies: { crumb: options.cookie ?? site.crumb, ss_cvr: 'vis9|1|2|3|7' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it('RecordEvent accepts the crumb in the form body and stores the event', async () => {
    const res = await recordEvent({
      crumb: site.crumb,
      event: 'lesson_view',
      data: JSON.stringify({ url: '/lessons/one', lessonId: 'l1' }),
    });
    expect(res.statusCode).toBe(202);
    const rows = await stored('event');
    expect(rows.find((r) => r.name === 'lesson_view')).toMatchObject({
      pagePath: '/lessons/one',
      visitorId: 'vis9',
      visitNumber: 7,
      data: { lessonId: 'l1' },
    });
  });

  it.each([
    ['no crumb', { event: 'a', data: '{}' }, 403],
    ['a wrong crumb', { crumb: 'wrong-crumb-value-123', event: 'a', data: '{}' }, 403],
  ])('RecordEvent refuses %s', async (_l, fields, status) => {
    const res = await recordEvent(fields);
    expect(res.statusCode).toBe(status);
    expect(res.json().crumbFail).toBe(true);
  });

  it.each([
    ['a missing event', { data: '{}' }, 'VALIDATION_FAILED'],
    ['a bad event name', { event: 'two words', data: '{}' }, 'VALIDATION_FAILED'],
    ['missing data', { event: 'a' }, 'VALIDATION_FAILED'],
    ['data that is not JSON', { event: 'a', data: 'nope' }, 'INVALID_JSON'],
    ['data that is a string', { event: 'a', data: '"x"' }, 'VALIDATION_FAILED'],
    ['a data url that is not a URL', { event: 'a', data: '{"url":"http://[bad"}' }, 'VALIDATION_FAILED'],
  ])('RecordEvent rejects %s', async (_l, fields, code) => {
    const res = await recordEvent({ crumb: site.crumb, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  it('RecordJavascriptErrors stores each report of a batch (crumb in X-CSRF-Token)', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/events/RecordJavascriptErrors',
      payload: [report('a is undefined'), report('b failed', { stack: 's'.repeat(5000) })],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    const rows = await stored('js_error');
    expect(rows.map((r) => r.data.message).sort()).toEqual(['a is undefined', 'b failed']);
    expect(rows[0]?.pagePath).toBe('/shop');
  });

  it('RecordJavascriptErrors requires the header crumb', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/events/RecordJavascriptErrors',
      crumb: false,
      payload: [report('x')],
    });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['an object instead of an array', report('x'), 400, 'VALIDATION_FAILED'],
    ['an empty array', [], 400, 'VALIDATION_FAILED'],
    ['21 reports', Array.from({ length: 21 }, (_, i) => report(`e${i}`)), 413, 'TOO_MANY_EVENTS'],
    ['a stack over 5000 characters', [report('x', { stack: 's'.repeat(5001) })], 400, 'VALIDATION_FAILED'],
    ['an empty message', [report('')], 400, 'VALIDATION_FAILED'],
    ['a zero timestamp', [{ ...report('x'), timestamp: 0 }], 400, 'VALIDATION_FAILED'],
    ['a string timestamp', [{ ...report('x'), timestamp: '1' }], 400, 'VALIDATION_FAILED'],
    ['no data', [{ event: 'e', timestamp: 1 }], 400, 'VALIDATION_FAILED'],
    ['a non-object entry', ['boom'], 400, 'VALIDATION_FAILED'],
  ])('RecordJavascriptErrors rejects %s', async (_l, payload, status, code) => {
    const res = await site.request({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
  });

  it('RecordJavascriptErrors rejects malformed JSON with 400', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/events/RecordJavascriptErrors',
      headers: { 'content-type': 'application/json' },
      payload: '[{',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });
});
