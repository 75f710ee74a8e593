import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDownloads, productFiles } from '../../src/db/schema/index';
import { Readable } from 'node:stream';
import { localFileStorage } from '../../src/services/downloads/file-storage';
import { getProductFile, saveProductFile } from '../../src/services/downloads/product-file.service';
import { DOWNLOAD_MESSAGES } from '../../src/services/gift-cards/gift-card-messages';
import { cartWith, checkout } from '../gift-cards/gift-card-helpers';
import { type DemoProductRef, demoProduct } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----downloads-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(backends)('digital downloads on %s', (backend) => {
  let site: TestSite;
  let session: string;
  let presets: DemoProductRef;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'downloads-'));
  // Past the app's 1 MiB JSON body limit: the upload is streamed, not parsed as a body.
  const file = randomBytes(3 * 1024 * 1024);

  const owner = (method: 'GET' | 'PATCH' | 'DELETE', itemId: string, payload?: Record<string, unknown>) =>
    site.request({
      method,
      url: `/api/studio/products/${itemId}/file`,
      cookies: { siteUserSession: session },
      ...(payload ? { payload } : {}),
    });
  const upload = (
    itemId: string,
    body: Buffer,
    cookies: Record<string, string> = { siteUserSession: session },
  ) =>
    site.request({
      method: 'PUT',
      url: `/api/studio/products/${itemId}/file`,
      cookies,
      ...multipart('Presets “Autumn”.zip', 'application/zip', body),
    });
  /** Buy the presets; answers the order's download link (path and query) as the order read shows it. */
  async function buy(): Promise<{
    orderId: string;
    token: string;
    link: string;
    download: Record<string, unknown>;
  }> {
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const res = await checkout(site, cookies);
    expect(res.statusCode).toBe(200);
    const { order, accessToken } = res.json();
    const download = order.downloads[0];
    const url = new URL(download.url);
    return { orderId: order.id, token: accessToken, link: `${url.pathname}${url.search}`, download };
  }
  const get = (url: string) => site.request({ method: 'GET', url, crumb: false });

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
    session = await sessionOf(site, 'owner');
    presets = await demoProduct(site, 'lightroom-presets');
  });
  afterAll(async () => {
    await site.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets only the owner upload, read, change and remove a digital product’s file', async () => {
    expect((await upload(presets.id, file, {})).statusCode).toBe(401);
    const tee = await demoProduct(site, 'classic-tee');
    const wrongType = await upload(tee.id, file);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe(DOWNLOAD_MESSAGES.notDigital);
    expect((await upload('no-such-item', file)).statusCode).toBe(404);
    expect((await owner('GET', presets.id)).json()).toEqual({ file: null });

    const res = await upload(presets.id, file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      itemId: presets.id,
      filename: 'Presets “Autumn”.zip',
      contentType: 'application/zip',
      bytes: file.length,
      downloadLimit: 5,
      linkDays: 7,
    });
    const changed = await owner('PATCH', presets.id, { downloadLimit: 3, linkDays: 2 });
    expect(changed.json()).toMatchObject({ downloadLimit: 3, linkDays: 2 });
    expect((await owner('PATCH', presets.id, { downloadLimit: 0 })).statusCode).toBe(400);
    expect((await owner('GET', presets.id)).json().file).toMatchObject({
      bytes: file.length,
      downloadLimit: 3,
    });
  });

  // Small: the whole body is parsed before the handler reads the file. Large: it is not yet.
  it.each([
    ['a small file', Buffer.from('small')],
    ['a 3 MB file', file],
  ])(
    'answers %s whose multipart body ends before its closing boundary with 400, keeping nothing',
    async (_name, content) => {
      const { payload, headers } = multipart('Presets.zip', 'application/zip', content);
      const cut = payload.subarray(0, payload.length - '\r\n------downloads-test-boundary--\r\n'.length);
      const before = await owner('GET', presets.id);
      const res = await site.request({
        method: 'PUT',
        url: `/api/studio/products/${presets.id}/file`,
        cookies: { siteUserSession: session },
        payload: cut,
        headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(DOWNLOAD_MESSAGES.cutShort);
      // The product keeps the file it had.
      expect((await owner('GET', presets.id)).json()).toEqual(before.json());
    },
  );

  // The file is never read here, so its failure must not surface as an uncaught error event
  // (vitest fails the run on one).
  it('answers a cut-short upload to a product that does not exist with 404 and nothing else', async () => {
    const { payload, headers } = multipart('Presets.zip', 'application/zip', Buffer.from('small'));
    const cut = payload.subarray(0, payload.length - '\r\n------downloads-test-boundary--\r\n'.length);
    const res = await site.request({
      method: 'PUT',
      url: '/api/studio/products/00000000-0000-4000-8000-000000000000/file',
      cookies: { siteUserSession: session },
      payload: cut,
      headers,
    });
    expect(res.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('gives each purchase a signed link that streams the file as an attachment, counted to its limit', async () => {
    const { link, download } = await buy();
    expect(download).toMatchObject({ productName: 'Lightroom Presets', remaining: 3 });
    // Before the site has a public address, links go to the site on this server: http, its host, the port.
    expect(String(download.url)).toMatch(new RegExp(`^http://${site.host}(:\\d+)?/downloads/`));
    const days = (Date.parse(String(download.expiresAt)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1.99);
    expect(days).toBeLessThanOrEqual(2);

    const first = await get(link);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(file)).toBe(true);
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="Presets _Autumn_.zip"; filename*=UTF-8''${encodeURIComponent('Presets “Autumn”.zip')}`,
    );
    expect(first.headers['content-type']).toBe('application/zip');
    expect(first.headers['x-downloads-remaining']).toBe('2');
    // A HEAD (a mail scanner's look) spends nothing.
    await site.request({ method: 'HEAD', url: link, crumb: false });
    expect((await get(link)).statusCode).toBe(200);
    expect((await get(link)).statusCode).toBe(200);
    const spent = await get(link);
    expect(spent.statusCode).toBe(410);
    expect(spent.body).toContain(DOWNLOAD_MESSAGES.expired);
  });

  it('refuses tampered links: another id, a later expiry, a changed signature, another site', async () => {
    const { link } = await buy();
    const other = await buy();
    const url = new URL(link, 'http://x');
    const id = url.pathname.split('/').pop() ?? '';
    const otherId = new URL(other.link, 'http://x').pathname.split('/').pop() ?? '';
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('sig') ?? '';
    const tampered = [
      `/downloads/${otherId}?expires=${expires}&sig=${sig}`,
      `/downloads/${id}?expires=${expires + 86_400}&sig=${sig}`,
      `/downloads/${id}?expires=${expires}&sig=${sig.slice(0, -2)}AA`,
      `/downloads/${id}?expires=${expires}`,
      `/downloads/${id}`,
    ];
    for (const bad of tampered) {
      const res = await get(bad);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(DOWNLOAD_MESSAGES.invalid);
    }
    const elsewhere = await createTestSite(backend, { config: { dataDir } });
    const foreign = await elsewhere.request({ method: 'GET', url: link, crumb: false });
    await elsewhere.app.close();
    expect(foreign.statusCode).toBe(403);
    // None of them counted: the real link still has all its downloads.
    const [row] = await site.app.database.db.select().from(orderDownloads).where(eq(orderDownloads.id, id));
    expect(row?.downloadCount).toBe(0);
  });

  it('answers 410 once the link has expired', async () => {
    const { orderId, token } = await buy();
    await site.app.database.db
      .update(orderDownloads)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orderDownloads.orderId, orderId));
    // The order read signs the link for the row's (now past) expiry.
    const read = await site.request({ method: 'GET', url: `/api/commerce/orders/${orderId}?token=${token}` });
    const url = new URL(read.json().order.downloads[0].url);
    const res = await get(`${url.pathname}${url.search}`);
    expect(res.statusCode).toBe(410);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('never passes the limit under parallel downloads', async () => {
    const { link } = await buy();
    const results = await Promise.all(Array.from({ length: 12 }, () => get(link)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 410)).toHaveLength(9);
    const id = new URL(link, 'http://x').pathname.split('/').pop() ?? '';
    const [row] = await site.app.database.db.select().from(orderDownloads).where(eq(orderDownloads.id, id));
    expect(row?.downloadCount).toBe(3);
  });

  it('keeps nothing of an upload cut off at the size limit', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'downloads-limit-'));
    const before = await getProductFile(site.app.database.db, site.websiteId, presets.id);
    // What multipart hands over past its fileSize limit: a stream that ended early, flagged truncated.
    const saving = saveProductFile(site.app.database.db, localFileStorage(root), site.websiteId, presets.id, {
      filename: 'huge.zip',
      stream: Readable.from([Buffer.alloc(1024)]),
      truncated: () => true,
    });
    expect(await saving).toEqual({ ok: false, reason: 'FILE_TOO_LARGE' });
    expect(fs.readdirSync(path.join(root, 'files'))).toEqual([]);
    expect(await getProductFile(site.app.database.db, site.websiteId, presets.id)).toEqual(before);
    fs.rmSync(root, { recursive: true, force: true });
  });

  const uploadAs = (filename: string, type: string, body: Buffer) =>
    site.request({
      method: 'PUT',
      url: `/api/studio/products/${presets.id}/file`,
      cookies: { siteUserSession: session },
      ...multipart(filename, type, body),
    });
  /** What a browser is told about a downloaded file: the headers that decide whether it can run. */
  const servedAs = (res: { headers: Record<string, unknown> }) => ({
    type: res.headers['content-type'],
    disposition: String(res.headers['content-disposition']).split(';')[0],
    nosniff: res.headers['x-content-type-options'],
    csp: res.headers['content-security-policy'],
  });
  const opaque = {
    type: 'application/octet-stream',
    disposition: 'attachment',
    nosniff: 'nosniff',
    csp: "default-src 'none'; sandbox",
  };

  it.each([
    ['takeover.js', 'text/javascript', 'window.__xss = 1;'],
    ['page.html', 'text/html', '<script>window.__xss = 1</script>'],
    ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"/>'],
    [
      'feed.xml',
      'application/xml',
      '<x:script xmlns:x="http://www.w3.org/1999/xhtml">window.__xss=1</x:script>',
    ],
    ['styles.css', 'text/css', 'body{}'],
  ])(
    'stores and serves %s (sent as %s) as opaque bytes to download, never as content',
    async (filename, type, text) => {
      const saved = await uploadAs(filename, type, Buffer.from(text));
      expect(saved.statusCode).toBe(200);
      expect(saved.json().contentType).toBe('application/octet-stream');
      const { link } = await buy();
      const res = await get(link);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(text);
      expect(servedAs(res)).toEqual(opaque);
    },
  );

  it('takes the stored type from the file name and the allowlist, not from what the browser claims', async () => {
    const cases: [string, string, string][] = [
      ['guide.pdf', 'text/html', 'application/pdf'],
      ['notes.TXT', 'text/html', 'text/plain; charset=utf-8'],
      ['cover.png', 'image/svg+xml', 'image/png'],
      ['track.mp3', 'text/javascript', 'audio/mpeg'],
      ['no-extension', 'application/pdf', 'application/octet-stream'],
    ];
    for (const [filename, claimed, stored] of cases) {
      expect((await uploadAs(filename, claimed, Buffer.from('x'))).json().contentType).toBe(stored);
      const { link } = await buy();
      const res = await get(link);
      expect({ ...servedAs(res), type: res.headers['content-type'] }).toEqual({ ...opaque, type: stored });
    }
  });

  it('serves a file stored earlier with a runnable type as opaque bytes', async () => {
    await uploadAs('old.zip', 'application/zip', Buffer.from('PK'));
    await site.app.database.db
      .update(productFiles)
      .set({ contentType: 'text/javascript' })
      .where(eq(productFiles.itemId, presets.id));
    const { link } = await buy();
    expect(servedAs(await get(link))).toEqual(opaque);
  });

  it('stops serving a removed file', async () => {
    const { link } = await buy();
    expect((await owner('DELETE', presets.id)).json()).toEqual({ ok: true });
    const res = await get(link);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(DOWNLOAD_MESSAGES.gone);
    // A purchase without a file gets no link.
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    expect((await checkout(site, cookies)).json().order.downloads).toEqual([]);
  });
});
