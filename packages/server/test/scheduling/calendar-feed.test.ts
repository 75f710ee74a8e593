import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceBooking } from '../../src/services/scheduling/booking-mail';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type SchedulingSite, insertBooking, schedulingRows } from './booking-fixtures';

const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const DAY = 86_400_000;

describe.each(backends)('staff calendar feeds on %s', { timeout: 60_000 }, (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  let rows: SchedulingSite;
  const feedPath = (staffId: string) => `/api/studio/scheduling/staff/${staffId}/calendar-feed`;

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = { siteUserSession: await sessionOf(site, 'owner') };
    const { db } = await testDatabase(backend);
    rows = await schedulingRows(db, site.websiteId, site.host);
  });
  afterAll(async () => {
    await site.app.close();
  });

  it('an issued address serves the staff member’s bookings as iCalendar, without the visitors’ links', async () => {
    const { db } = await testDatabase(backend);
    const soon = new Date(Math.ceil((Date.now() + 3 * DAY) / 3_600_000) * 3_600_000);
    const first = await insertBooking(db, rows, soon);
    const moved = await insertBooking(db, rows, new Date(soon.getTime() + 2 * 3_600_000));
    const gone = await insertBooking(db, rows, new Date(soon.getTime() + 4 * 3_600_000), {
      status: 'cancelled',
    });
    await db.transaction(async (tx) => {
      await announceBooking(tx, first.booking.id, { kind: 'confirmed', manageToken: first.token });
      await announceBooking(tx, moved.booking.id, { kind: 'confirmed', manageToken: moved.token });
      await announceBooking(tx, moved.booking.id, {
        kind: 'rescheduled',
        previous: { start: soon, end: soon },
      });
    });

    const before = await site.request({ method: 'GET', url: feedPath(rows.staff.id), cookies: owner });
    expect(before.json()).toEqual({ active: false, createdAt: null });
    const issued = await site.request({ method: 'POST', url: feedPath(rows.staff.id), cookies: owner });
    expect(issued.statusCode, issued.body).toBe(201);
    const { url, active } = issued.json() as { url: string; active: boolean };
    expect(active).toBe(true);
    expect(url).toMatch(
      new RegExp(`^https://${site.host.replace(/\./g, '\\.')}/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    const status = await site.request({ method: 'GET', url: feedPath(rows.staff.id), cookies: owner });
    expect(status.json()).toMatchObject({ active: true });

    const path = new URL(url).pathname;
    const feed = await site.request({ method: 'GET', url: path, crumb: false });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.headers['cache-control']).toContain('no-store');
    const text = feed.body;
    expect(text).toContain('METHOD:PUBLISH');
    expect(lines(text).filter((l) => l.startsWith('UID:'))).toEqual([
      `UID:booking-${first.booking.id}@${site.host}`,
      `UID:booking-${moved.booking.id}@${site.host}`,
      `UID:booking-${gone.booking.id}@${site.host}`,
    ]);
    // The moved booking carries the SEQUENCE of its latest invitation; the cancelled one says so.
    expect(lines(text).filter((l) => l.startsWith('SEQUENCE:'))).toEqual([
      'SEQUENCE:0',
      'SEQUENCE:1',
      'SEQUENCE:0',
    ]);
    expect(lines(text).filter((l) => l.startsWith('STATUS:'))).toEqual([
      'STATUS:CONFIRMED',
      'STATUS:CONFIRMED',
      'STATUS:CANCELLED',
    ]);
    expect(text).not.toContain(first.token);
    expect(text).not.toContain('/scheduling/manage/');
  });

  it('issuing a new address stops the old one; revoking answers 404; unknown and malformed ones too', async () => {
    const first = (
      await site.request({ method: 'POST', url: feedPath(rows.staff.id), cookies: owner })
    ).json().url as string;
    const second = (
      await site.request({ method: 'POST', url: feedPath(rows.staff.id), cookies: owner })
    ).json().url as string;
    expect(second).not.toBe(first);
    expect(
      (await site.request({ method: 'GET', url: new URL(first).pathname, crumb: false })).statusCode,
    ).toBe(404);
    expect(
      (await site.request({ method: 'GET', url: new URL(second).pathname, crumb: false })).statusCode,
    ).toBe(200);

    const revoked = await site.request({ method: 'DELETE', url: feedPath(rows.staff.id), cookies: owner });
    expect(revoked.json()).toEqual({ ok: true });
    expect(
      (await site.request({ method: 'GET', url: new URL(second).pathname, crumb: false })).statusCode,
    ).toBe(404);
    expect(
      (await site.request({ method: 'GET', url: feedPath(rows.staff.id), cookies: owner })).json(),
    ).toEqual({
      active: false,
      createdAt: null,
    });
    for (const bad of ['/calendar/nope.ics', `/calendar/${'a'.repeat(43)}.ics`, '/calendar/x'])
      expect((await site.request({ method: 'GET', url: bad, crumb: false })).statusCode).toBe(404);
    const unknownStaff = await site.request({
      method: 'POST',
      url: feedPath('no-such-staff'),
      cookies: owner,
    });
    expect(unknownStaff.statusCode).toBe(404);
  });

  it('the scheduling role issues addresses; the scheduling viewer and editor only read whether one is live', async () => {
    const manager = await contributorSession(backend, site, 9);
    const editor = await contributorSession(backend, site, 13);
    const viewer = await contributorSession(backend, site, 12);
    const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE') =>
      site.request({ method, url: feedPath(rows.staff.id), cookies: { siteUserSession: cookie } });
    expect((await as(manager.cookie, 'POST')).statusCode).toBe(201);
    for (const who of [viewer, editor]) {
      expect((await as(who.cookie, 'GET')).statusCode).toBe(200);
      expect((await as(who.cookie, 'POST')).statusCode).toBe(403);
      expect((await as(who.cookie, 'DELETE')).statusCode).toBe(403);
    }
    expect((await as(manager.cookie, 'DELETE')).statusCode).toBe(200);
  });
});
