import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFiles } from '../../src/db/schema/index';
import { DEMO_DOWNLOAD, seedDemoDownload } from '../../src/seed/demo-download';
import { productFileStorage } from '../../src/services/downloads/file-storage';
import { cartWith, checkout } from '../gift-cards/gift-card-helpers';
import { demoProduct } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';

describe.each(backends)('the demo’s digital product delivers a file on %s', (backend) => {
  let site: TestSite;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-download-'));
  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
  });
  afterAll(async () => {
    await site.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is given its file once, and a purchase downloads it through the order’s link', async () => {
    const db = site.app.database.db;
    const storage = productFileStorage(site.app.config);
    await seedDemoDownload(db, storage, site.websiteId);
    const presets = await demoProduct(site, DEMO_DOWNLOAD.slug);
    const rows = await db.select().from(productFiles).where(eq(productFiles.itemId, presets.id));
    expect(rows.map((r) => r.filename)).toEqual([DEMO_DOWNLOAD.filename]);
    // Seeding again changes nothing (an owner's later choice of file is never replaced).
    await seedDemoDownload(db, storage, site.websiteId);
    const again = await db.select().from(productFiles).where(eq(productFiles.itemId, presets.id));
    expect(again.map((r) => r.storageKey)).toEqual(rows.map((r) => r.storageKey));

    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const bought = await checkout(site, cookies);
    expect(bought.statusCode, bought.body).toBe(200);
    const [download] = bought.json().order.downloads;
    const url = new URL(download.url);
    const file = await site.request({ method: 'GET', url: `${url.pathname}${url.search}`, crumb: false });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(DEMO_DOWNLOAD.filename);
    expect(file.body).toContain('Juniper &amp; Oak Warm Film');
  });
});
