import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProduct } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from './studio-helpers';

/** A multipart body with one file field, its name exactly as given (NUL included). */
function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----bad-names-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(backends)('empty updates and NUL in file names answer 4xx or are cleaned on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let session: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bad-names-'));

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
    ({ call, session } = await ownerClient(site));
  });
  afterAll(async () => {
    await site.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a blog post update with an empty body is a 400 saying there is nothing to change', async () => {
    const blogId = (await call('GET', '/api/studio/pages'))
      .json()
      .pages.find((p: { urlId: string }) => p.urlId === 'blog').id;
    const post = (await call('POST', `/api/studio/blogs/${blogId}/posts`, { title: 'Unchanged' })).json();
    const url = `/api/studio/blogs/${blogId}/posts/${post.id}`;
    for (const body of [{}, { unknownField: 'x' }]) {
      const res = await call('PUT', url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.json())).toContain('Nothing to change: send at least one field.');
    }
    expect((await call('PUT', url, { title: 'Changed' })).statusCode).toBe(200);
  });

  it('a digital product file settings change with an empty body is a 400 saying there is nothing to change', async () => {
    const presets = await demoProduct(site, 'lightroom-presets');
    const res = await call('PATCH', `/api/studio/products/${presets.id}/file`, {});
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Nothing to change: send downloadLimit or linkDays.');
  });

  it.each([
    ['POST', '/api/studio/media'],
    ['PUT', '/api/studio/products/:presets/file'],
  ])('%s %s: a multipart body without a boundary is a 400', async (method, route) => {
    const presets = await demoProduct(site, 'lightroom-presets');
    const res = await site.request({
      method: method as 'POST' | 'PUT',
      url: route.replace(':presets', presets.id),
      cookies: { siteUserSession: session },
      headers: { 'content-type': 'multipart/form-data' },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('an empty file sent to the media library is refused with a 4xx', async () => {
    for (const type of ['image/png', 'application/octet-stream']) {
      const res = await site.request({
        method: 'POST',
        url: '/api/studio/media',
        cookies: { siteUserSession: session },
        ...multipart('empty.png', type, Buffer.alloc(0)),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('a digital product file whose name holds a NUL is stored under the name without it', async () => {
    const presets = await demoProduct(site, 'lightroom-presets');
    const res = await site.request({
      method: 'PUT',
      url: `/api/studio/products/${presets.id}/file`,
      cookies: { siteUserSession: session },
      ...multipart('presets\u0000.zip', 'application/zip', Buffer.from('PK presets')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().filename).toBe('presets.zip');
  });
});
