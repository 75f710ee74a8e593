import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restockSignups } from '../../src/db/schema/index';
import { listMembers as newsletterSubscribers } from '../../src/db/schema/newsletter';
import { defaultListId } from '../../src/services/lists/members';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { sessionOf, soldOutMug } from '../restock-helpers';

interface Row {
  email: string;
  source: string;
  unsubscribed: boolean;
}

describe.each(backends)('owner mailing lists on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  const get = (url: string, cookies = owner) => site.request({ method: 'GET', url, cookies });

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
    const { db } = await testDatabase(backend);
    const mug = await soldOutMug(backend, site);
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));
    const listId = await defaultListId(db, site.websiteId);
    const sub = (email: string, day: number, gone = false) => ({
      websiteId: site.websiteId,
      listId,
      status: gone ? ('unsubscribed' as const) : ('subscribed' as const),
      email,
      source: 'popup',
      unsubscribeToken: `tok-${backend}-${email}-${site.websiteId}`.replace(/[^A-Za-z0-9-]/g, '-'),
      createdAt: at(day),
      unsubscribedAt: gone ? at(day + 1) : null,
    });
    await db
      .insert(newsletterSubscribers)
      .values([sub('news@example.com', 1), sub('left@example.com', 2, true)]);
    for (let i = 0; i < 55; i++)
      await db.insert(newsletterSubscribers).values(sub(`bulk${i}@example.com`, 3));
    const signup = (email: string, variantId: string, join: boolean, day: number) => ({
      websiteId: site.websiteId,
      productId: mug.white.productId,
      variantId,
      email,
      isJoinMailingList: join,
      createdAt: at(day),
    });
    await db.insert(restockSignups).values([
      signup('mug@example.com', mug.white.variantId, true, 4),
      signup('mug@example.com', mug.blue.variantId, true, 5), // the same person twice: one row
      signup('quiet@example.com', mug.white.variantId, false, 4), // did not opt in
      signup('left@example.com', mug.blue.variantId, true, 6), // left the newsletter: unsubscribed
    ]);
  });
  afterAll(() => site.app.close());

  it('restock list: opted-in emails once each, unsubscribed when they left the newsletter', async () => {
    const body = (await get('/api/owner/mailing-lists/restock')).json();
    expect(body.counts).toEqual({ newsletter: 57, restock: 2 });
    expect(body.subscribers.map((s: Row) => [s.email, s.source, s.unsubscribed])).toEqual([
      ['left@example.com', 'restock', true],
      ['mug@example.com', 'restock', false],
    ]);
    expect(body.subscribers[1].createdAt).toBe('2026-01-04T12:00:00.000000Z');
  });

  it('pages the combined list newest first without repeating or skipping', async () => {
    const first = (await get('/api/owner/mailing-lists/all')).json();
    expect(first.subscribers).toHaveLength(50);
    expect(first.hasNextPage).toBe(true);
    expect(first.subscribers[0]).toMatchObject({ email: 'left@example.com', source: 'restock' });
    const second = (await get(`/api/owner/mailing-lists/all?cursor=${first.nextPageCursor}`)).json();
    expect(second.hasNextPage).toBe(false);
    const all = [...first.subscribers, ...second.subscribers].map((s: Row) => `${s.source}:${s.email}`);
    expect(all).toHaveLength(59);
    expect(new Set(all).size).toBe(59);
    expect(all.at(-1)).toBe('newsletter:news@example.com');
  });

  it('searches by email', async () => {
    const body = (await get('/api/owner/mailing-lists/newsletter?q=LEFT')).json();
    expect(body.subscribers).toEqual([
      expect.objectContaining({ email: 'left@example.com', source: 'newsletter', unsubscribed: true }),
    ]);
  });

  it('exports CSV with email, source, date and unsubscribed state', async () => {
    const res = await get('/api/owner/mailing-lists/restock/export.csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('mailing-list-restock.csv');
    expect(res.rawPayload.toString('utf8')).toBe(
      '\uFEFFEmail,Source,Signed up,Unsubscribed\r\n' +
        'left@example.com,restock,2026-01-06T12:00:00.000000Z,yes\r\n' +
        'mug@example.com,restock,2026-01-04T12:00:00.000000Z,no\r\n',
    );
    const all = (await get('/api/owner/mailing-lists/all/export.csv')).rawPayload.toString('utf8');
    expect(all.split('\r\n').filter(Boolean)).toHaveLength(60);
  });

  it('refuses an unknown list or cursor with 400, and is owner only', async () => {
    expect((await get('/api/owner/mailing-lists/everyone')).statusCode).toBe(400);
    expect((await get('/api/owner/mailing-lists/all?cursor=abc')).statusCode).toBe(400);
    expect((await get('/api/owner/mailing-lists/all', {})).statusCode).toBe(401);
    const customer = { siteUserSession: await sessionOf(site, 'customer') };
    expect((await get('/api/owner/mailing-lists/all/export.csv', customer)).statusCode).toBe(403);
  });
});
