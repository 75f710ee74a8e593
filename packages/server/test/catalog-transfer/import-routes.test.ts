import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { ownerClient } from '../studio/studio-helpers';

const HEADER =
  'Handle,Store,Title,Type,Option 1 name,Option 1 value,SKU,Price,Sale price,On sale,Stock,Unlimited';

describe.each(backends)('catalogue import and export over HTTP (%s)', (backend) => {
  let site: TestSite;
  let session: string;
  beforeAll(async () => {
    site = await createTestSite(backend);
    session = (await ownerClient(site)).session;
  });
  afterAll(() => site?.app.close());

  const send = (csv: string, url = '/api/studio/catalog/import') =>
    site.request({
      method: 'POST',
      url,
      cookies: { siteUserSession: session },
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });

  it('saves the good products and reports each bad one with its rows', async () => {
    const csv = [
      HEADER,
      'mug,Imported goods,Mug,physical,Colour,Red,IMP-MUG-R,12.50,,no,4,no',
      'mug,Imported goods,,,Colour,Blue,IMP-MUG-B,12.50,,no,2,no',
      'bad-price,Imported goods,Bowl,physical,,,IMP-BOWL,12.505,,no,1,no',
      'bad-stock,Imported goods,Plate,physical,,,IMP-PLATE,3,,no,lots,no',
      'dupe,Imported goods,Cup,physical,,,IMP-MUG-R,3,,no,1,no',
      'pic,Imported goods,Vase,physical,,,IMP-VASE,3,,no,1,no',
    ].join('\r\n');
    const res = await send(csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.created).toBe(2);
    expect(body.failed).toBe(3);
    const byHandle = Object.fromEntries(body.problems.map((p: { handle: string }) => [p.handle, p]));
    expect(byHandle['bad-price']).toMatchObject({ rows: [4], field: 'Price' });
    expect(byHandle['bad-stock']).toMatchObject({
      rows: [5],
      field: 'Stock',
      message: 'Stock must be a whole number.',
    });
    expect(byHandle.dupe.rows).toEqual([6]);
    expect(byHandle.dupe.message).toContain('IMP-MUG-R');

    const exported = await site.request({
      method: 'GET',
      url: '/api/studio/catalog/export?format=csv',
      cookies: { siteUserSession: session },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.body).toContain('IMP-MUG-B');
    expect(exported.body).toContain('12.50');
  });

  it('names an image outside the media library as a problem and never fetches it', async () => {
    const csv = `Handle,Store,Title,SKU,Price,Images\r\nremote,Imported goods,Remote,IMP-REMOTE,1,https://example.com/a.jpg\r\n`;
    const body = (await send(csv)).json();
    expect(body.created).toBe(0);
    expect(body.problems[0]).toMatchObject({ rows: [2], field: 'images.0' });
    expect(body.problems[0].message).toContain('media library');
  });

  it('refuses a file without the needed columns, and a JSON file in another currency', async () => {
    const missing = (await send('Title,Price\r\nX,1\r\n')).json();
    expect(missing.problems[0].message).toContain('store');
    const json = await site.request({
      method: 'POST',
      url: '/api/studio/catalog/import?format=json',
      cookies: { siteUserSession: session },
      payload: { format: 'juniper-catalog', version: 1, currency: 'JPY', products: [] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toContain('JPY');
  });

  it('exports JSON that imports back as updates', async () => {
    const exported = await site.request({
      method: 'GET',
      url: '/api/studio/catalog/export?format=json',
      cookies: { siteUserSession: session },
    });
    const file = exported.json();
    expect(file).toMatchObject({ format: 'juniper-catalog', version: 1 });
    const res = await site.request({
      method: 'POST',
      url: '/api/studio/catalog/import?format=json',
      cookies: { siteUserSession: session },
      payload: file,
    });
    const body = res.json();
    expect(body.created).toBe(0);
    expect(body.failed).toBe(0);
    expect(body.updated).toBe(file.products.length);
  });

  it('is for signed-in owners only', async () => {
    const res = await site.request({ method: 'GET', url: '/api/studio/catalog/export' });
    expect(res.statusCode).toBe(401);
  });
});
