import { AUTOMATED_MOCK_ID } from '@store/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionReplayBatches } from '../../src/db/schema/index';
import { pruneSessionReplays } from '../../src/services/session-replay/replay-store';
import { sessionOf } from '../analytics/analytics-seed';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const VISIT = 'vis01|1700000000000|1700000000000|1700000001000|2';
const NEXT_VISIT = 'vis01|1700000000000|1700000001000|1700000900000|3';

describe.each(backends)('session replay on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let owner: string;
  let otherOwner: string;

  const getId = (s: TestSite, cvr: string | null, extra: { ua?: string; query?: string } = {}) =>
    s
      .request({
        method: 'GET',
        url: `/api/commerce/fullstory/getId${extra.query ?? ''}`,
        crumb: false,
        cookies: cvr ? { ss_cvr: cvr } : {},
        headers: { 'user-agent': extra.ua ?? BROWSER },
      })
      .then((res) => ({ status: res.statusCode, id: res.json() as string }));

  const toggle = (s: TestSite, session: string, enabled: boolean) =>
    s.request({
      method: 'PUT',
      url: '/api/analytics/session-replay/settings',
      cookies: { siteUserSession: session },
      payload: { enabled },
    });

  const batch = (recordingId: string, overrides: Record<string, unknown> = {}) => ({
    recordingId,
    pageLoadId: 'pageload01',
    seq: 0,
    url: 'https://shop.test/shop/p/tee',
    device: 'desktop',
    events: [
      { type: 4, timestamp: 1_700_000_001_000, data: { href: 'https://shop.test/shop/p/tee' } },
      { type: 2, timestamp: 1_700_000_001_010, data: { node: { type: 0, childNodes: [] } } },
      { type: 3, timestamp: 1_700_000_004_000, data: { source: 1 } },
    ],
    ...overrides,
  });

  const send = (s: TestSite, body: unknown, cvr = VISIT, contentType = 'application/json') =>
    s.request({
      method: 'POST',
      url: '/api/session-replay/events',
      crumb: false,
      cookies: { ss_cvr: cvr },
      headers: { 'content-type': contentType, 'user-agent': BROWSER },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    owner = await sessionOf(site);
    otherOwner = await sessionOf(other);
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  it('answers the automated mock id while the owner has not turned recording on', async () => {
    expect(await getId(site, VISIT)).toEqual({ status: 200, id: AUTOMATED_MOCK_ID });
  });

  it('answers a stable id per visit once recording is on and the store is in the US', async () => {
    expect((await toggle(site, owner, true)).json()).toEqual({ enabled: true });
    const first = await getId(site, VISIT);
    expect(first.status).toBe(200);
    expect(first.id).toMatch(/^sr_/);
    expect((await getId(site, VISIT)).id).toBe(first.id);
    const next = await getId(site, NEXT_VISIT);
    expect(next.id).toMatch(/^sr_/);
    expect(next.id).not.toBe(first.id);
    // Without a visitor record there is no visit to tie a recording to.
    expect((await getId(site, null)).id).toBe(AUTOMATED_MOCK_ID);
  });

  it('answers the mock id to automated clients: webdriver reported, or a known bot', async () => {
    expect((await getId(site, VISIT, { query: '?webdriver=1' })).id).toBe(AUTOMATED_MOCK_ID);
    expect((await getId(site, VISIT, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).id).toBe(
      AUTOMATED_MOCK_ID,
    );
    expect((await getId(site, VISIT, { ua: `${BROWSER} HeadlessChrome/131.0` })).id).toBe(AUTOMATED_MOCK_ID);
  });

  it('records automated clients only under the test setting', async () => {
    const lenient = await createTestSite(backend, { config: { sessionReplayRecordAutomated: true } });
    try {
      const session = await sessionOf(lenient);
      await toggle(lenient, session, true);
      expect((await getId(lenient, VISIT, { query: '?webdriver=1' })).id).toMatch(/^sr_/);
    } finally {
      await lenient.app.close();
    }
  });

  it('answers the mock id when the store country is not the US', async () => {
    await toggle(other, otherOwner, true);
    expect((await getId(other, VISIT)).id).toMatch(/^sr_/);
    const res = await other.request({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/store',
      cookies: { siteUserSession: otherOwner },
      payload: { storeCountry: 'CA' },
    });
    expect(res.statusCode).toBe(200);
    expect((await getId(other, VISIT)).id).toBe(AUTOMATED_MOCK_ID);
    await other.request({
      method: 'PUT',
      url: '/api/v1/commerce-preferences/store',
      cookies: { siteUserSession: otherOwner },
      payload: { storeCountry: 'US' },
    });
  });

  it('stores a batch through the tracking queue and lists the session for the owner', async () => {
    const { id } = await getId(site, VISIT);
    const res = await send(site, batch(id));
    expect(res.statusCode).toBe(202);
    // A second page of the same visit, sent as text/plain (sendBeacon).
    const second = batch(id, {
      pageLoadId: 'pageload02',
      url: 'https://shop.test/cart',
      events: [{ type: 4, timestamp: 1_700_000_010_000, data: {} }],
    });
    expect((await send(site, second, VISIT, 'text/plain')).statusCode).toBe(202);
    await site.app.trackingQueue.drain();
    const list = await site.request({
      method: 'GET',
      url: '/api/analytics/sessions',
      cookies: { siteUserSession: owner },
    });
    expect(list.statusCode).toBe(200);
    const [session] = list.json().sessions;
    expect(session).toMatchObject({
      recordingId: id,
      durationMs: 9_000,
      pages: 2,
      paths: ['/shop/p/tee', '/cart'],
      device: 'desktop',
      events: 4,
    });
    const events = await site.request({
      method: 'GET',
      url: `/api/analytics/sessions/${id}/events`,
      cookies: { siteUserSession: owner },
    });
    expect(events.json().events.map((e: { timestamp: number }) => e.timestamp)).toEqual([
      1_700_000_001_000, 1_700_000_001_010, 1_700_000_004_000, 1_700_000_010_000,
    ]);
  });

  it('refuses oversize, malformed and foreign batches with a 4xx', async () => {
    const { id } = await getId(site, VISIT);
    const many = Array.from({ length: 501 }, (_, i) => ({ type: 3, timestamp: 1_700_000_000_000 + i }));
    const tooMany = await send(site, batch(id, { events: many }));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.code).toBe('TOO_MANY_EVENTS');
    const huge = batch(id, { events: [{ type: 3, timestamp: 1, data: { text: 'x'.repeat(600_000) } }] });
    expect((await send(site, huge)).statusCode).toBe(413);
    expect((await send(site, '{not json')).statusCode).toBe(400);
    expect((await send(site, '{not json', VISIT, 'text/plain')).statusCode).toBe(400);
    expect((await send(site, batch(id, { events: [] }))).statusCode).toBe(400);
    expect((await send(site, batch(id, { events: [{ type: 'x' }] }))).statusCode).toBe(400);
    expect((await send(site, batch(id, { seq: -1 }))).statusCode).toBe(400);
    expect((await send(site, batch(id), 'not-a-record')).statusCode).toBe(400);
    // Another visit's id, and a made-up id: not this visit's recording.
    expect((await send(site, batch(id), NEXT_VISIT)).statusCode).toBe(403);
    expect((await send(site, batch('sr_madeupmadeupmadeup'))).statusCode).toBe(403);
    // The same visit on another site has another id; this one is refused there.
    expect((await send(other, batch(id))).statusCode).toBe(403);
  });

  it("never shows one site's sessions to another site's owner", async () => {
    const { id } = await getId(site, VISIT);
    const list = await other.request({
      method: 'GET',
      url: '/api/analytics/sessions',
      cookies: { siteUserSession: otherOwner },
    });
    expect(list.json().sessions.map((s: { recordingId: string }) => s.recordingId)).not.toContain(id);
    const events = await other.request({
      method: 'GET',
      url: `/api/analytics/sessions/${id}/events`,
      cookies: { siteUserSession: otherOwner },
    });
    expect(events.statusCode).toBe(404);
    // The owner's session cookie of one site is no session on the other.
    const crossed = await other.request({
      method: 'GET',
      url: '/api/analytics/sessions',
      cookies: { siteUserSession: owner },
    });
    expect(crossed.statusCode).toBe(401);
  });

  it('lets the reporting role watch but not turn recording on or off; visitors get 401', async () => {
    const reporting = await contributorSession(backend, site, 3);
    const editor = await contributorSession(backend, site, 4);
    const list = (cookie?: string) =>
      site.request({
        method: 'GET',
        url: '/api/analytics/sessions',
        cookies: cookie ? { siteUserSession: cookie } : {},
      });
    expect((await list(reporting.cookie)).statusCode).toBe(200);
    expect((await toggle(site, reporting.cookie, false)).statusCode).toBe(403);
    expect((await list(editor.cookie)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(401);
  });

  it('deletes recordings older than the tracking retention', async () => {
    const { db } = site.app.database;
    const mine = () =>
      db.select().from(sessionReplayBatches).where(eq(sessionReplayBatches.websiteId, site.websiteId));
    const before = (await mine()).length;
    expect(before).toBeGreaterThan(0);
    await db
      .update(sessionReplayBatches)
      .set({ receivedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(sessionReplayBatches.pageLoadId, 'pageload02'));
    const removed = await pruneSessionReplays(db);
    expect(removed.batches).toBeGreaterThanOrEqual(1);
    const left = await mine();
    expect(left.length).toBe(before - 1);
    expect(left.every((b) => b.pageLoadId !== 'pageload02')).toBe(true);
  });
});
