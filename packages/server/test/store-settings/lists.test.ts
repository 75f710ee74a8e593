import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type Call, ownerClient } from '../studio/studio-helpers';

const BASE = '/api/studio/commerce';

/** One owner-managed list: a valid body, a changed one, and bodies each refused on one field. */
const lists = [
  {
    path: 'shipping-options',
    key: 'shippingOptions',
    valid: {
      name: 'Parcel',
      kind: 'WEIGHT',
      costCents: 300,
      ratePerKgCents: 150,
      freeOverCents: 8000,
      zones: [{ country: 'US', region: 'NY' }],
    },
    changed: {
      name: 'Letter',
      kind: 'FLAT',
      costCents: 120,
      ratePerKgCents: 999,
      zones: [],
      enabled: false,
      displayIndex: 3,
    },
    expectChanged: {
      name: 'Letter',
      kind: 'FLAT',
      costCents: 120,
      ratePerKgCents: 0,
      zones: [],
      enabled: false,
      displayIndex: 3,
      freeOverCents: null,
    },
    invalid: [
      [{ name: '', kind: 'FLAT', costCents: 1 }, 'name', 'Enter a name.'],
      [{ name: 'A', kind: 'BOAT', costCents: 1 }, 'kind', expect.any(String)],
      [{ name: 'A', kind: 'FLAT', costCents: -5 }, 'costCents', 'Enter 0 or more.'],
      [
        { name: 'A', kind: 'FLAT', costCents: 1.5 },
        'costCents',
        'Enter a whole amount in minor units (cents).',
      ],
      [
        { name: 'A', kind: 'FLAT', costCents: 1, zones: [{ country: 'usa' }] },
        'zones.0.country',
        'Use a two-letter country code.',
      ],
    ],
  },
  {
    path: 'tax-rules',
    key: 'taxRules',
    valid: { name: 'VAT', country: 'GB', rateBasisPoints: 2000, included: true },
    changed: {
      name: 'VAT reduced',
      country: 'GB',
      region: 'SCT',
      rateBasisPoints: 500,
      appliesToShipping: true,
    },
    expectChanged: {
      name: 'VAT reduced',
      country: 'GB',
      region: 'SCT',
      rateBasisPoints: 500,
      included: false,
      appliesToShipping: true,
    },
    invalid: [
      [
        { name: 'T', country: 'GB', rateBasisPoints: 10001 },
        'rateBasisPoints',
        'Enter a rate from 0 to 100 %.',
      ],
      [{ name: 'T', country: 'GB', rateBasisPoints: -1 }, 'rateBasisPoints', 'Enter a rate from 0 to 100 %.'],
      [{ name: 'T', country: 'Britain', rateBasisPoints: 1 }, 'country', 'Use a two-letter country code.'],
      [{ country: 'GB', rateBasisPoints: 1 }, 'name', expect.any(String)],
    ],
  },
  {
    path: 'coupons',
    key: 'coupons',
    valid: { code: 'spring-24', kind: 'PERCENTAGE', amount: 15, minSubtotalCents: 2000, usageLimit: 5 },
    changed: {
      code: 'SPRING-24',
      kind: 'FREE_SHIPPING',
      amount: 40,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2026-12-31T00:00:00.000Z',
    },
    expectChanged: {
      code: 'SPRING-24',
      kind: 'FREE_SHIPPING',
      amount: 0,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2026-12-31T00:00:00.000Z',
      usageLimit: null,
      timesUsed: 0,
    },
    invalid: [
      [
        { code: 'P', kind: 'PERCENTAGE', amount: 0 },
        'amount',
        'A percentage is a whole number from 1 to 100.',
      ],
      [
        { code: 'P', kind: 'PERCENTAGE', amount: 101 },
        'amount',
        'A percentage is a whole number from 1 to 100.',
      ],
      [{ code: 'F', kind: 'FIXED_AMOUNT', amount: 0 }, 'amount', 'Enter an amount above 0.'],
      [{ code: 'has space', kind: 'FREE_SHIPPING' }, 'code', 'Use 1–40 letters, digits, - or _.'],
      [{ code: 'U', kind: 'FREE_SHIPPING', usageLimit: 0 }, 'usageLimit', 'The limit must be at least 1.'],
      [
        {
          code: 'D',
          kind: 'FREE_SHIPPING',
          startsAt: '2026-05-01T00:00:00Z',
          endsAt: '2026-04-01T00:00:00Z',
        },
        'endsAt',
        'The end must be after the start.',
      ],
    ],
  },
] as const;

describe.each(backends)('store settings lists on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let session: string;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call, session } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  describe.each(lists)('$path', (list) => {
    const url = `${BASE}/${list.path}`;

    it.each([
      ['GET', url],
      ['POST', url],
      ['PUT', `${url}/x`],
      ['DELETE', `${url}/x`],
    ] as const)('%s is owner-only (401 signed out, 403 for a customer)', async (method, target) => {
      expect((await site.request({ method, url: target, payload: list.valid })).statusCode).toBe(401);
      const customer = await sessionOf(site, 'customer');
      const res = await site.request({
        method,
        url: target,
        payload: list.valid,
        cookies: { siteUserSession: customer },
      });
      expect(res.statusCode).toBe(403);
    });

    it('needs the crumb to change anything', async () => {
      const res = await site.request({
        method: 'POST',
        url,
        crumb: false,
        payload: list.valid,
        cookies: { siteUserSession: session },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().crumbFail).toBe(true);
    });

    it('creates (201), lists, replaces and deletes; an unknown id is 404', async () => {
      const created = await call('POST', url, list.valid);
      expect(created.statusCode).toBe(201);
      const row = created.json();
      expect(row).not.toHaveProperty('websiteId');
      expect(typeof row.id).toBe('string');
      const listed = (await call('GET', url)).json()[list.key] as { id: string }[];
      expect(listed.map((r) => r.id)).toContain(row.id);

      const replaced = await call('PUT', `${url}/${row.id}`, list.changed);
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({ id: row.id, ...list.expectChanged });

      expect((await call('PUT', `${url}/nope`, list.changed)).statusCode).toBe(404);
      expect((await call('DELETE', `${url}/${row.id}`)).json()).toEqual({ ok: true });
      expect((await call('DELETE', `${url}/${row.id}`)).statusCode).toBe(404);
      const after = (await call('GET', url)).json()[list.key] as { id: string }[];
      expect(after.map((r) => r.id)).not.toContain(row.id);
    });

    it.each(list.invalid.map((c) => [c[1], c[0], c[2]] as const))(
      'refuses a bad %s with 400 and a per-field error',
      async (field, body, message) => {
        const res = await call('POST', url, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
        expect(res.json().errors).toMatchObject({ [field]: message });
      },
    );
  });

  it('keeps coupon codes unique per site whatever their case (409), stored upper-case', async () => {
    const first = await call('POST', `${BASE}/coupons`, {
      code: 'Summer',
      kind: 'FIXED_AMOUNT',
      amount: 500,
    });
    expect(first.json().code).toBe('SUMMER');
    const clash = await call('POST', `${BASE}/coupons`, { code: 'sUmMeR', kind: 'PERCENTAGE', amount: 5 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ code: 'A coupon with this code already exists.' });
    // The demo's WELCOME10 exists: renaming another coupon onto it is refused too.
    const rename = await call('PUT', `${BASE}/coupons/${first.json().id}`, {
      code: 'welcome10',
      kind: 'FIXED_AMOUNT',
      amount: 5,
    });
    expect(rename.statusCode).toBe(409);
    // Another site may use the same code.
    const other = await createTestSite(backend);
    const otherOwner = await ownerClient(other);
    expect(
      (await otherOwner.call('POST', `${BASE}/coupons`, { code: 'summer', kind: 'FIXED_AMOUNT', amount: 1 }))
        .statusCode,
    ).toBe(201);
    await other.app.close();
  });

  it('concurrent creations of one code make one coupon and one 409', async () => {
    const results = await Promise.all(
      ['race', 'RACE', 'Race'].map((code) =>
        call('POST', `${BASE}/coupons`, { code, kind: 'FREE_SHIPPING' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('refuses a usage limit below the uses already counted', async () => {
    const { id } = (
      await call('POST', `${BASE}/coupons`, {
        code: 'USED',
        kind: 'FIXED_AMOUNT',
        amount: 100,
        usageLimit: 10,
      })
    ).json();
    await site.app.database.db.execute(
      // Two orders already used it.
      (await import('drizzle-orm')).sql`update coupons set times_used = 2 where id = ${id}`,
    );
    const res = await call('PUT', `${BASE}/coupons/${id}`, {
      code: 'USED',
      kind: 'FIXED_AMOUNT',
      amount: 100,
      usageLimit: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      usageLimit: 'The limit cannot be below the 2 times it was already used.',
    });
    const ok = await call('PUT', `${BASE}/coupons/${id}`, {
      code: 'USED',
      kind: 'FIXED_AMOUNT',
      amount: 100,
      usageLimit: 2,
    });
    expect(ok.json()).toMatchObject({ usageLimit: 2, timesUsed: 2 });
  });
});
