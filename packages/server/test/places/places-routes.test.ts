import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';

/**
 * A local server speaking the two Places API (New) calls the adapter makes, recording what it
 * was sent. A key other than `good-key` is refused as Google refuses one (403).
 */
function fakeGooglePlaces() {
  const seen: { method: string; url: string; key: string; fieldMask: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const key = String(req.headers['x-goog-api-key'] ?? '');
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        key,
        fieldMask: String(req.headers['x-goog-fieldmask'] ?? ''),
        body: raw ? JSON.parse(raw) : null,
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (key !== 'good-key') return send(403, { error: { code: 403, status: 'PERMISSION_DENIED' } });
      if (req.method === 'POST' && req.url === '/v1/places:autocomplete')
        return send(200, {
          suggestions: [
            {
              placePrediction: {
                placeId: 'ChIJ-albany',
                text: { text: '1 State St, Albany, NY 12207, USA' },
                structuredFormat: {
                  mainText: { text: '1 State St' },
                  secondaryText: { text: 'Albany, NY 12207, USA' },
                },
              },
            },
          ],
        });
      if (req.method === 'GET' && req.url?.startsWith('/v1/places/ChIJ-albany'))
        return send(200, {
          addressComponents: [
            { longText: '1', shortText: '1', types: ['street_number'] },
            { longText: 'State Street', shortText: 'State St', types: ['route'] },
            { longText: 'Albany', shortText: 'Albany', types: ['locality', 'political'] },
            { longText: 'New York', shortText: 'NY', types: ['administrative_area_level_1', 'political'] },
            { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
            { longText: '12207', shortText: '12207', types: ['postal_code'] },
          ],
        });
      if (req.method === 'GET' && req.url?.startsWith('/v1/places/'))
        return send(404, { error: { code: 404 } });
      send(500, {});
    });
  });
  return {
    seen,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
