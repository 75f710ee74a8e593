import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesSettings } from '../../src/db/schema/index';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { TEST_SECRETS_KEY } from '../mail/mail-helpers';
import { sessionOf } from '../restock-helpers';
import { fakeGooglePlaces } from './fake-google-places';

const ALBANY = '/api/google-maps/places/autocomplete?input=1%20State&country=US';
const CAMPAIGNS_EDITOR = 11;
const WEBSITE_MANAGER = 15;

describe.each(backends)("the owner's own Google Places key on %s", (backend) => {
  const fake = fakeGooglePlaces();
  let site: TestSite;
  let other: TestSite;
  let owner: Record<string, string>;
  beforeAll(async () => {
    const base = await fake.start();
    const config = { secretsKey: TEST_SECRETS_KEY, places: { googleApiBase: base } };
    site = await createTestSite(backend, { config });
    other = await createTestSite(backend, { config });
    owner = { siteUserSession: await sessionOf(site, 'owner') };
  });
  afterAll(async () => {
    await site?.app.close();
    await other?.app.close();
    await fake.close();
  });
  const settings = (method: 'GET' | 'PUT' | 'DELETE', payload?: object, cookies = owner) =>
    site.request({ method, url: '/api/owner/places', cookies, ...(payload ? { payload } : {}) });

  it('starts offline; a key Google refuses is not kept, with words saying why', async () => {
    expect((await settings('GET')).json()).toEqual({
      source: 'offline',
      googleKeyLast4: null,
      problem: null,
      updatedAt: null,
    });
    const refused = await settings('PUT', { googleApiKey: 'bad-key' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/Google refused this key/);
    expect((await settings('GET')).json().source).toBe('offline');
  });

  it('refuses a malformed key with a 400 before asking Google', async () => {
    const asked = fake.seen.length;
    const res = await settings('PUT', { googleApiKey: 'has spaces<script>' });
    expect(res.statusCode).toBe(400);
    expect(fake.seen.length).toBe(asked);
  });

  it('keeps a working key sealed, shows only its last four characters, and suggestions use it', async () => {
    const saved = await settings('PUT', { googleApiKey: 'good-key' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ source: 'site', googleKeyLast4: '-key', problem: null });
    expect(saved.body).not.toContain('good-key');
    const { db } = await testDatabase(backend);
    const [row] = await db.select().from(placesSettings).where(eq(placesSettings.websiteId, site.websiteId));
    expect(row?.googleApiKeySealed).toBeTruthy();
    expect(row?.googleApiKeySealed).not.toContain('good-key');

    const before = fake.seen.length;
    const found = await site.request({ method: 'GET', url: ALBANY });
    expect(found.statusCode).toBe(200);
    expect(found.json().predictions[0].placeId).toBe('ChIJ-albany');
    expect(fake.seen.slice(before).map((s) => s.key)).toEqual(['good-key']);
  });

  it("another site's visitors still get the offline suggestions", async () => {
    const before = fake.seen.length;
    const found = await other.request({
      method: 'GET',
      url: '/api/google-maps/places/autocomplete?input=12207',
    });
    expect(found.json().predictions[0].mainText).toBe('Albany 12207');
    expect(fake.seen.length).toBe(before);
  });

  it('checks the stored key on request, and forgetting it goes back to offline', async () => {
    const check = await site.request({
      method: 'POST',
      url: '/api/owner/places/check',
      cookies: owner,
      payload: {},
    });
    expect(check.json()).toEqual({
      ok: true,
      message: 'The key works: suggestions come from Google Places.',
    });
    expect((await settings('DELETE')).json().source).toBe('offline');
    const before = fake.seen.length;
    const found = await site.request({
      method: 'GET',
      url: '/api/google-maps/places/autocomplete?input=12207',
    });
    expect(found.json().predictions[0].mainText).toBe('Albany 12207');
    expect(fake.seen.length).toBe(before);
  });

  it('is for the owner and those who hold the domain settings only', async () => {
    const editor = await contributorSession(backend, site, CAMPAIGNS_EDITOR);
    const refused = await settings('GET', undefined, { siteUserSession: editor.cookie });
    expect(refused.statusCode).toBe(403);
    const customer = await settings('GET', undefined, { siteUserSession: await sessionOf(site, 'customer') });
    expect(customer.statusCode).toBe(403);
    const manager = await contributorSession(backend, site, WEBSITE_MANAGER);
    expect((await settings('GET', undefined, { siteUserSession: manager.cookie })).statusCode).toBe(200);
    expect(
      (await settings('PUT', { googleApiKey: 'good-key' }, { siteUserSession: manager.cookie })).statusCode,
    ).toBe(403);
  });
});
