import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUsers } from '../../src/db/schema/index';
import { createSession } from '../../src/services/site-users/sessions';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

async function ownerCookie(backend: (typeof backends)[number], site: TestSite): Promise<string> {
  const { db } = await testDatabase(backend);
  const [row] = await db
    .insert(siteUsers)
    .values({
      websiteId: site.websiteId,
      email: `owner-${Math.random().toString(36).slice(2, 8)}@example.com`,
      passwordHash: 'unused',
      role: 'OWNER',
    })
    .returning({ id: siteUsers.id });
  if (!row) throw new Error('no owner');
  return (await createSession(db, { id: row.id, websiteId: site.websiteId }, false)).token;
}

describe.each(backends)('scheduling over HTTP: roles and sites (%s)', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let owner: string;
  let typeId: string;
  let staffId: string;
  let bookingId: string;
  let manageToken: string;
  let slots: { start: string }[];
  const as = (cookie: string, method: string, url: string, payload?: unknown) =>
    site.request({
      method: method as 'GET',
      url,
      cookies: { siteUserSession: cookie },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    owner = await ownerCookie(backend, site);
    const staff = await as(owner, 'POST', '/api/studio/scheduling/staff', {
      name: 'Ada',
      email: 'ada@example.com',
      weekly: everyDay,
    });
    expect(staff.statusCode).toBe(201);
    staffId = staff.json().id;
    const type = await as(owner, 'POST', '/api/studio/scheduling/types', {
      name: 'Consultation',
      durationMinutes: 45,
      priceMinor: 0,
      minimumNoticeMinutes: 24 * 60,
      staffIds: [staffId],
    });
    expect(type.statusCode).toBe(201);
    typeId = type.json().id;
    const month = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 7);
    const free = await site.request({
      method: 'GET',
      url: `/api/scheduling/types/${typeId}/availability?month=${month}`,
    });
    expect(free.statusCode).toBe(200);
    expect(free.headers['cache-control']).toContain('public');
    slots = free.json().slots;
    expect(slots.length).toBeGreaterThan(3);
    const booked = await site.request({
      method: 'POST',
      url: '/api/scheduling/bookings',
      payload: {
        typeId,
        start: slots[0]?.start,
        name: 'Vi Sitor',
        email: 'vi@example.com',
        timeZone: 'Asia/Tokyo',
      },
    });
    expect(booked.statusCode).toBe(201);
    bookingId = booked.json().booking.id;
    manageToken = booked.json().manageToken;
    expect(booked.json().booking).toMatchObject({
      status: 'confirmed',
      customerTimeZone: 'Asia/Tokyo',
      canChange: true,
    });
  }, 120_000);
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  it('answers a second booking of the same time 409 SLOT_TAKEN with the message', async () => {
    const again = await site.request({
      method: 'POST',
      url: '/api/scheduling/bookings',
      payload: { typeId, start: slots[0]?.start, name: 'Late', email: 'late@example.com' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      reason: 'SLOT_TAKEN',
      error: { code: 'CONFLICT', message: 'That time was just taken. Please choose another time.' },
    });
  });

  it('lets the scheduling viewer read bookings and set-up but change nothing', async () => {
    const { cookie } = await contributorSession(backend, site, 12);
    const range = `from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 40 * 86_400_000).toISOString())}`;
    const list = await as(cookie, 'GET', `/api/studio/scheduling/bookings?${range}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().bookings.map((b: { id: string }) => b.id)).toContain(bookingId);
    expect((await as(cookie, 'GET', `/api/studio/scheduling/bookings/${bookingId}`)).statusCode).toBe(200);
    expect((await as(cookie, 'GET', '/api/studio/scheduling/types')).statusCode).toBe(200);
    const cancel = await as(cookie, 'POST', `/api/studio/scheduling/bookings/${bookingId}/cancel`, {});
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().error.message).toBe('Your role (Scheduling viewer) cannot change scheduling.');
    expect(
      (
        await as(cookie, 'POST', '/api/studio/scheduling/blocks', {
          staffId,
          start: slots[2]?.start,
          end: slots[3]?.start,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(cookie, 'PUT', `/api/studio/scheduling/types/${typeId}`, {
          name: 'x',
          durationMinutes: 30,
          priceMinor: 0,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lets the scheduling editor change bookings but not types or staff', async () => {
    const { cookie } = await contributorSession(backend, site, 13);
    const moved = await as(cookie, 'POST', `/api/studio/scheduling/bookings/${bookingId}/reschedule`, {
      start: slots[1]?.start,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: bookingId, start: slots[1]?.start, status: 'confirmed' });
    const block = await as(cookie, 'POST', '/api/studio/scheduling/blocks', {
      staffId,
      start: slots[3]?.start,
      end: new Date(Date.parse(slots[3]?.start ?? '') + 30 * 60_000).toISOString(),
    });
    expect(block.statusCode).toBe(201);
    expect((await as(cookie, 'DELETE', `/api/studio/scheduling/blocks/${block.json().id}`)).statusCode).toBe(
      200,
    );
    const type = await as(cookie, 'POST', '/api/studio/scheduling/types', {
      name: 'Mine',
      durationMinutes: 30,
      priceMinor: 0,
    });
    expect(type.statusCode).toBe(403);
    expect(type.json().error.message).toBe(
      'Your role (Scheduling editor) cannot change appointment types, staff and hours.',
    );
    expect(
      (await as(cookie, 'PUT', `/api/studio/scheduling/staff/${staffId}`, { name: 'Ada', weekly: [] }))
        .statusCode,
    ).toBe(403);
  });

  it('lets the scheduling role manage types and staff', async () => {
    const { cookie } = await contributorSession(backend, site, 9);
    const type = await as(cookie, 'POST', '/api/studio/scheduling/types', {
      name: 'Group class',
      durationMinutes: 60,
      priceMinor: 2500,
      capacity: 8,
      staffIds: [staffId],
    });
    expect(type.statusCode).toBe(201);
    expect(type.json()).toMatchObject({
      capacity: 8,
      priceMinor: 2500,
      currency: 'USD',
      staffIds: [staffId],
    });
    const staff = await as(cookie, 'PUT', `/api/studio/scheduling/staff/${staffId}`, {
      name: 'Ada L.',
      weekly: everyDay,
      exceptions: [{ date: '2031-01-01', closed: true, note: 'New year' }],
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().exceptions).toEqual([
      { date: '2031-01-01', closed: true, intervals: [], note: 'New year' },
    ]);
  });

  it('keeps each site to its own bookings, types and manage links', async () => {
    const otherOwner = await ownerCookie(backend, other);
    const asOther = (method: string, url: string) =>
      other.request({ method: method as 'GET', url, cookies: { siteUserSession: otherOwner } });
    expect((await asOther('GET', `/api/studio/scheduling/bookings/${bookingId}`)).statusCode).toBe(404);
    expect((await asOther('POST', `/api/studio/scheduling/bookings/${bookingId}/cancel`)).statusCode).toBe(
      404,
    );
    const range = `from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 40 * 86_400_000).toISOString())}`;
    expect((await asOther('GET', `/api/studio/scheduling/bookings?${range}`)).json().bookings).toEqual([]);
    expect((await asOther('GET', '/api/studio/scheduling/types')).json().types).toEqual([]);
    expect(
      (await other.request({ method: 'GET', url: `/api/scheduling/manage/${manageToken}` })).statusCode,
    ).toBe(404);
    // On its own site the link works, and cancels.
    const mine = await site.request({ method: 'GET', url: `/api/scheduling/manage/${manageToken}` });
    expect(mine.json()).toMatchObject({ id: bookingId, canChange: true });
    const cancelled = await site.request({
      method: 'POST',
      url: `/api/scheduling/manage/${manageToken}/cancel`,
    });
    expect(cancelled.json()).toMatchObject({ id: bookingId, status: 'cancelled', canChange: false });
  });
});
