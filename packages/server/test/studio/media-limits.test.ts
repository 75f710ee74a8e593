import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imagePipeline,
  MAX_INPUT_PIXELS,
  MAX_WAITING_UPLOADS,
} from '../../src/services/media/image-variants';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { ownerClient } from './studio-helpers';

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----media-limits-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f5d50' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** Hold the image pipeline until `release()`: what a long upload in progress looks like. */
function holdPipeline() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, done: imagePipeline(() => gate) };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

// 256 megapixels in under a megabyte of PNG: made once, shared by both back-ends.
let huge: Buffer;
beforeAll(async () => {
  huge = await solid(16_000, 16_000);
}, 60_000);

describe.each(backends)('image uploads within bounds on %s', (backend) => {
  let site: TestSite;
  let session: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-limits-'));
  const upload = (filename: string, body: Buffer, type = 'image/png') =>
    site.request({
      method: 'POST',
      url: '/api/studio/media',
      cookies: { siteUserSession: session },
      ...multipart(filename, type, body),
    });

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { dataDir } });
    ({ session } = await ownerClient(site));
  });
  afterAll(async () => {
    await site.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a 16,000 × 16,000 image as "file too large" and stores nothing', async () => {
    expect(huge.length).toBeLessThan(1_000_000);
    const res = await upload('huge.png', huge);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'file too large' });
    expect(16_000 * 16_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(
      (
        await site.request({ method: 'GET', url: '/api/studio/media', cookies: { siteUserSession: session } })
      ).json().media,
    ).toEqual([]);
  });

  it('processes one upload at a time: the next waits until the one before it is done', async () => {
    const png = await solid(320, 200);
    const first = holdPipeline();
    let settled = false;
    const waiting = upload('waits.png', png).then((res) => {
      settled = true;
      return res;
    });
    // The upload has arrived and queued behind the held one, and has not been answered.
    await until(() => imagePipeline.pendingCount === 1);
    expect(imagePipeline.activeCount).toBe(1);
    expect(settled).toBe(false);
    first.release();
    await first.done;
    const res = await waiting;
    expect(res.statusCode).toBe(201);
    expect(res.json().systemDataVariants).toBe('100w,300w');
    expect(imagePipeline.activeCount + imagePipeline.pendingCount).toBe(0);
  });

  it('turns an upload away with 503 and Retry-After while the queue is full', async () => {
    const png = await solid(120, 80);
    const held = [holdPipeline()];
    for (let i = 0; i < MAX_WAITING_UPLOADS; i++) held.push(holdPipeline());
    await until(() => imagePipeline.pendingCount === MAX_WAITING_UPLOADS);
    const res = await upload('turned-away.png', png);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    for (const h of held) h.release();
    await Promise.all(held.map((h) => h.done));
    expect((await upload('after.png', png)).statusCode).toBe(201);
  });

  it('keeps a file name with a NUL byte, without the NUL, instead of failing', async () => {
    const res = await upload('shop\u0000front.png', await solid(110, 110));
    expect(res.statusCode).toBe(201);
    expect(res.json().filename).toBe('shopfront.png');
  });
});

describe('the image pipeline keeps no images in memory after an upload', () => {
  it('has the libvips operation cache off and at most two threads per image', () => {
    expect(sharp.cache().memory.max).toBe(0);
    expect(sharp.cache().items.max).toBe(0);
    expect(sharp.concurrency()).toBeLessThanOrEqual(2);
  });
});
