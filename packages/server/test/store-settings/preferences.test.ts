import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commercePreferences, websites } from '../../src/db/schema/index';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type Call, eventually, listenSiteChanged, ownerClient } from '../studio/studio-helpers';

const STORE = '/api/v1/commerce-preferences/store';
const INSTALMENTS = '/api/v1/commerce-preferences/instalments';

describe.each(backends)('commerce preferences on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let session: string;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call, session } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it.each([
    ['GET', STORE],
    ['PUT', STORE],
    ['GET', INSTALMENTS],
    ['PUT', INSTALMENTS],
  ] as const)('%s %s is owner-only (401 signed out, 403 for a customer)', async (method, url) => {
    expect((await site.request({ method, url, payload: {} })).statusCode).toBe(401);
    const customer = await sessionOf(site, 'customer');
    const res = await site.request({ method, url, payload: {}, cookies: { siteUserSession: customer } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a PUT without the crumb, and changes nothing', async () => {
    const res = await site.request({
      method: 'PUT',
      url: STORE,
      crumb: false,
      payload: { expressCheckout: true },
      cookies: { siteUserSession: session },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().crumbFail).toBe(true);
    expect((await call('GET', STORE)).json().expressCheckout).toBe(false);
  });

  it.each(['GET', 'PUT'] as const)('%s of an unknown namespace is 404', async (method) => {
    const res = await call(
      method,
      '/api/v1/commerce-preferences/warehouse',
      method === 'PUT' ? {} : undefined,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No preferences by that name.');
  });

  it('answers the store namespace from the website row, without websiteId, defaults filled', async () => {
    const res = await call('GET', STORE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('websiteId');
    expect(body).toEqual({
      currency: 'USD',
      minimumOrderSubtotalCents: 0,
      expressCheckout: false,
      useLightCart: false,
      multipleQuantityAllowedForServices: true,
      enableNativeReviews: expect.any(Boolean),
      enableImportedReviews: expect.any(Boolean),
      storeCountry: 'US',
    });
  });

  it('answers the instalment namespace with today’s US terms by default ($35 – $2 000)', async () => {
    const body = (await call('GET', INSTALMENTS)).json();
    expect(body).toEqual({ enabled: true, provider: 'afterpay', minCents: 3500, maxCents: 200000 });
    expect(body).not.toHaveProperty('websiteId');
  });

  it('PUT store writes currency and flags to the website row (one home), storeCountry to the preferences; answers the saved object', async () => {
    const listener = await listenSiteChanged(backend);
    const res = await call('PUT', STORE, {
      currency: 'EUR',
      minimumOrderSubtotalCents: 1500,
      useLightCart: true,
      enableNativeReviews: false,
      storeCountry: 'GB',
      websiteId: 'someone-else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      currency: 'EUR',
      minimumOrderSubtotalCents: 1500,
      useLightCart: true,
      expressCheckout: false,
      enableNativeReviews: false,
      storeCountry: 'GB',
    });
    expect(res.json()).not.toHaveProperty('websiteId');
    expect(await eventually(() => listener.seen.includes(site.websiteId))).toBe(true);
    await listener.stop();
    const db = site.app.database.db;
    const [row] = await db.select().from(websites).where(eq(websites.id, site.websiteId));
    expect(row?.currency).toBe('EUR');
    expect(row?.storeSettings).toMatchObject({
      minimumOrderSubtotalCents: 1500,
      useLightCart: true,
      merchandisingSettings: { enableNativeReviews: false },
    });
    const [stored] = await db
      .select()
      .from(commercePreferences)
      .where(
        and(eq(commercePreferences.websiteId, site.websiteId), eq(commercePreferences.namespace, 'store')),
      );
    // Values of the website row are not copied into the preferences.
    expect(stored?.preferences).toEqual({ storeCountry: 'GB' });
    expect((await call('GET', STORE)).json()).toEqual(res.json());
  });

  it('a page rendered after the save shows the new store settings at once (cached pages dropped)', async () => {
    await call('PUT', STORE, { currency: 'USD', useLightCart: false });
    const before = (await site.request({ method: 'GET', url: '/cart?format=json' })).json();
    expect(before.websiteSettings.storeSettings.useLightCart).toBe(false);
    await call('PUT', STORE, { useLightCart: true });
    // The site resolver may hold the old row for up to 5 s; the page context reads the saved flags after that.
    const after = await waitFor(async () => {
      const page = (await site.request({ method: 'GET', url: '/cart?format=json' })).json();
      return page.websiteSettings.storeSettings.useLightCart === true;
    });
    expect(after).toBe(true);
  });

  it.each([
    [{ currency: 'XYZ' }, 'currency', 'Choose one of the store currencies.'],
    [{ minimumOrderSubtotalCents: -1 }, 'minimumOrderSubtotalCents', 'Enter 0 or more.'],
    [
      { minimumOrderSubtotalCents: 10.5 },
      'minimumOrderSubtotalCents',
      'Enter a whole amount in minor units (cents).',
    ],
    [{ expressCheckout: 'yes' }, 'expressCheckout', expect.any(String)],
    [{ storeCountry: 'Germany' }, 'storeCountry', 'Use a two-letter country code.'],
  ])('PUT store %j → 400 with a per-field error', async (payload, field, message) => {
    const res = await call('PUT', STORE, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it.each([[['currency', 'EUR']], ['EUR'], [42]])(
    'PUT store with a body that is not an object (%j) → 400',
    async (payload) => {
      const res = await site.request({
        method: 'PUT',
        url: STORE,
        cookies: { siteUserSession: session },
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect((await call('GET', STORE)).json().currency).not.toBe('EUR');
    },
  );

  it('PUT instalments saves, answers and feeds the page context; max must stay above min', async () => {
    await call('PUT', STORE, { storeCountry: 'US', currency: 'USD' });
    const listener = await listenSiteChanged(backend);
    const saved = await call('PUT', INSTALMENTS, { minCents: 5000, maxCents: 100000, provider: 'afterpay' });
    expect(saved.statusCode).toBe(200);
    // Kept in commerce_preferences (no trigger there): the save announces site_changed itself.
    expect(await eventually(() => listener.seen.includes(site.websiteId))).toBe(true);
    await listener.stop();
    expect(saved.json()).toEqual({ enabled: true, provider: 'afterpay', minCents: 5000, maxCents: 100000 });

    const bad = await call('PUT', INSTALMENTS, { maxCents: 4000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ maxCents: 'The maximum must be above the minimum.' });
    const wrongProvider = await call('PUT', INSTALMENTS, { provider: 'klarna' });
    expect(wrongProvider.statusCode).toBe(400);
    expect(Object.keys(wrongProvider.json().errors)).toEqual(['provider']);
    expect((await call('GET', INSTALMENTS)).json().maxCents).toBe(100000);

    const page = (await site.request({ method: 'GET', url: '/shop/p/classic-tee?format=json' })).json();
    const context = Object.values(page.productInstallmentContext)[0];
    expect(context).toMatchObject({
      afterPayAvailable: true,
      afterPayMin: { value: '50.00', currency: 'USD' },
      afterPayMax: { value: '1000.00', currency: 'USD' },
      stripeAccountCountry: 'US',
    });
    await call('PUT', INSTALMENTS, { enabled: false });
    const off = await waitFor(async () => {
      const p = (await site.request({ method: 'GET', url: '/shop/p/classic-tee?format=json' })).json();
      return Object.values(
        p.productInstallmentContext as Record<string, { afterPayAvailable: boolean }>,
      ).every((c) => !c.afterPayAvailable);
    });
    expect(off).toBe(true);
  });

  it.each([
    ['GB', 'afterpay', false],
    ['GB', 'clearpay', true],
    ['PR', 'afterpay', true],
    ['FR', 'afterpay', false],
  ])(
    'store country %s with %s: offered = %s (spec §9 provider countries)',
    async (country, provider, offered) => {
      await call('PUT', STORE, { storeCountry: country });
      await call('PUT', INSTALMENTS, { enabled: true, provider });
      const page = (await site.request({ method: 'GET', url: '/cart?format=json' })).json();
      expect(page.productInstallmentContext.cart).toMatchObject({
        afterPayAvailable: offered,
        stripeAccountCountry: country,
      });
    },
  );
});

/** Poll an async check (pages follow a settings change within the resolver's 5 s). */
async function waitFor(check: () => Promise<boolean>, ms = 8000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}
