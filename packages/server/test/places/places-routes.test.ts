import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { fakeGooglePlaces } from './fake-google-places';

describe('address suggestions, offline (the default)', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite('pglite');
  });
  afterAll(() => site.app.close());

  it('a ZIP code suggests its city; its details fill city, state and postal code', async () => {
    const found = await site.request({
      method: 'GET',
      url: '/api/google-maps/places/autocomplete?input=12207&country=us',
    });
    expect(found.statusCode, found.body).toBe(200);
    const [first] = found.json().predictions;
    expect(first).toMatchObject({ mainText: 'Albany 12207', secondaryText: 'NY, United States' });
    const details = await site.request({
      method: 'GET',
      url: `/api/google-maps/places/details?placeId=${encodeURIComponent(first.placeId)}&productPage=checkout&productSection=shipping`,
    });
    expect(details.json()).toEqual({
      address: { country: 'US', city: 'Albany', region: 'NY', postalCode: '12207' },
    });
  });

  it('bad input is a 400, an unknown place is null, never a 500', async () => {
    const long = await site.request({
      method: 'GET',
      url: `/api/google-maps/places/autocomplete?input=${'9'.repeat(101)}`,
    });
    expect(long.statusCode).toBe(400);
    const country = await site.request({
      method: 'GET',
      url: '/api/google-maps/places/autocomplete?input=12&country=USA',
    });
    expect(country.statusCode).toBe(400);
    const none = await site.request({
      method: 'GET',
      url: '/api/google-maps/places/details?placeId=nothing&productPage=p&productSection=s',
    });
    expect(none.json()).toEqual({ address: null });
  });
});

describe('address suggestions through Google Places, with a key', () => {
  const fake = fakeGooglePlaces();
  let good: TestSite;
  let refused: TestSite;
  beforeAll(async () => {
    const base = await fake.start();
    good = await createTestSite('pglite', {
      config: { places: { googleApiKey: 'good-key', googleApiBase: base } },
    });
    refused = await createTestSite('pglite', {
      config: { places: { googleApiKey: 'bad-key', googleApiBase: base } },
    });
  });
  afterAll(async () => {
    await good?.app.close();
    await refused?.app.close();
    await fake.close();
  });

  it('asks Google with the key and session token, and maps its address components', async () => {
    const found = await good.request({
      method: 'GET',
      url: '/api/google-maps/places/autocomplete?input=1%20State&country=US&sessionToken=s-1',
    });
    expect(found.json().predictions).toEqual([
      {
        placeId: 'ChIJ-albany',
        description: '1 State St, Albany, NY 12207, USA',
        mainText: '1 State St',
        secondaryText: 'Albany, NY 12207, USA',
      },
    ]);
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'POST',
      key: 'good-key',
      body: { input: '1 State', includedRegionCodes: ['us'], sessionToken: 's-1' },
    });
    const details = await good.request({
      method: 'GET',
      url: '/api/google-maps/places/details?placeId=ChIJ-albany&sessionToken=s-1&productPage=checkout&productSection=shipping',
    });
    expect(details.json()).toEqual({
      address: {
        country: 'US',
        region: 'NY',
        city: 'Albany',
        postalCode: '12207',
        address1: '1 State Street',
      },
    });
    expect(fake.seen.at(-1)).toMatchObject({
      url: '/v1/places/ChIJ-albany?sessionToken=s-1',
      fieldMask: 'addressComponents',
    });
  });

  it('a place Google does not know is null; a refused key is a 503 with the catalogue words', async () => {
    const unknown = await good.request({
      method: 'GET',
      url: '/api/google-maps/places/details?placeId=ChIJ-nowhere&productPage=p&productSection=s',
    });
    expect(unknown.json()).toEqual({ address: null });
    const res = await refused.request({
      method: 'GET',
      url: '/api/google-maps/places/autocomplete?input=Albany',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Address suggestions are not available right now.',
    });
  });
});
