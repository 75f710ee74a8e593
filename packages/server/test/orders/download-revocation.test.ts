import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES } from '../../src/services/gift-cards/gift-card-messages';
import { cartWith, checkout } from '../gift-cards/gift-card-helpers';
import { type DemoProductRef, demoProduct } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { orderAction, ownerCookies } from './orders-helpers';

describe.each(backends)('download links after cancel and refund on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  let presets: DemoProductRef;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'revoked-downloads-'));

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
    owner = await ownerCookies(site);
    presets = await demoProduct(site, 'lightroom-presets');
    const boundary = '----revocation-test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="presets.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      randomBytes(2048),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await site.request({
      method: 'PUT',
      url: `/api/studio/products/${presets.id}/file`,
      cookies: owner,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode).toBe(200);
  });
  afterAll(async () => {
    await site.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Buy the presets (paid at once); answers the order and its download link as a path. */
  async function buy() {
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const res = await checkout(site, cookies);
    expect(res.statusCode).toBe(200);
    const { order, accessToken } = res.json();
    const url = new URL(order.downloads[0].url);
    return {
      id: order.id as string,
      accessToken: accessToken as string,
      link: `${url.pathname}${url.search}`,
    };
  }
  const download = (link: string) => site.request({ method: 'GET', url: link, crumb: false });
  const buyerRead = async (id: string, token: string) =>
    (await site.request({ method: 'GET', url: `/api/commerce/orders/${id}?token=${token}` })).json().order;

  it('a cancel stops the order’s download links and the order no longer lists them', async () => {
    const order = await buy();
    expect((await download(order.link)).statusCode).toBe(200);
    expect((await orderAction(site, owner, order.id, 'cancel')).statusCode).toBe(200);
    const refused = await download(order.link);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain(DOWNLOAD_MESSAGES.gone);
    expect((await buyerRead(order.id, order.accessToken)).downloads).toEqual([]);
  });

  it('a partial refund keeps the link; the refund of the rest stops it', async () => {
    const order = await buy();
    expect((await orderAction(site, owner, order.id, 'refund', { amountCents: 100 })).statusCode).toBe(200);
    expect((await download(order.link)).statusCode).toBe(200);
    expect((await buyerRead(order.id, order.accessToken)).downloads).toHaveLength(1);

    const rest = await orderAction(site, owner, order.id, 'refund');
    expect(rest.statusCode).toBe(200);
    expect(rest.json().order.status).toBe('REFUNDED');
    expect((await download(order.link)).statusCode).toBe(404);
    expect((await buyerRead(order.id, order.accessToken)).downloads).toEqual([]);
  });
});
