import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: the local S3-compatible server ships no type declarations
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { ownerClient } from './studio-helpers';

const BUCKET = 'studio-media';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('S3 configuration', () => {
  it('is off unless S3_BUCKET is set', () => {
    expect(loadConfig({}).mediaS3).toBeUndefined();
  });

  it('reads every S3_ variable', () => {
    expect(
      loadConfig({
        S3_BUCKET: 'shop-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'prod/media/',
      }).mediaS3,
    ).toEqual({
      bucket: 'shop-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      prefix: 'prod/media/',
    });
    expect(loadConfig({ S3_BUCKET: 'shop-media' }).mediaS3).toMatchObject({
      region: 'us-east-1',
      prefix: '',
    });
  });

  it.each([
    [{ S3_BUCKET: 'Shop_Media' }, 'S3_BUCKET: S3_BUCKET must be 3–63 lowercase letters'],
    [{ S3_BUCKET: 'shop', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must start with http:// or https://'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET is required when S3_ENDPOINT is set'],
    [
      { S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'id' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    ],
    [{ S3_BUCKET: 'shop', S3_PREFIX: '../x' }, 'S3_PREFIX must be folder names ending in a slash'],
    [{ S3_BUCKET: 'shop', S3_REGION: 'Mars 1' }, 'S3_REGION must be a region name'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(body: Buffer) {
  const boundary = '----s3-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Shelf.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// The local S3-compatible server (@20minutes/s3rver) speaks the S3 wire protocol over HTTP,
// so the real SDK client, request and error shapes are exercised, offline. Its signature check
// is off: it canonicalises a bucket-level path as "/bucket" where the SDK signs "/bucket/"
// (AWS accepts both), which fails every List and DeleteObjects call; object calls verify fine.
describe.each(backends)('media in S3-compatible storage on %s', (backend) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    allowMismatchedSignatures: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  let endpoint: string;
  let site: TestSite;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let client: S3Client;
  const mediaS3 = () => ({ bucket: BUCKET, endpoint, region: 'us-east-1', prefix: 'shop/', ...KEYS });
  const keys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'shop/' }))).Contents ?? []).map(
      (o) => o.Key,
    );

  beforeAll(async () => {
    const address = (await s3rver.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
    client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: KEYS });
    // No data dir at all: the files can only be in the bucket.
    site = await createTestSite(backend, { config: { dataDir: '/nonexistent', mediaS3: mediaS3() } });
    // A second server process on the same database and bucket.
    other = await buildApp({
      database: await testDatabase(backend),
      logger: false,
      config: { ...site.app.config, mediaS3: mediaS3() },
    });
  });
  afterAll(async () => {
    await site?.app.close();
    await other?.close();
    await s3rver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores the original and the resized widths in the bucket; another process serves them; delete empties it', async () => {
    const { session } = await ownerClient(site);
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#a05a2c' } })
      .png()
      .toBuffer();
    const res = await site.request({
      method: 'POST',
      url: '/api/studio/media',
      cookies: { siteUserSession: session },
      ...multipart(png),
    });
    expect(res.statusCode).toBe(201);
    const asset = res.json();
    const hash = asset.assetUrl.split('/')[2];
    expect((await keys()).sort()).toEqual(
      ['100w.webp', '300w.webp', '500w.webp', '750w.webp', 'original.png'].map((f) => `shop/${hash}/${f}`),
    );

    const served = await other.inject({
      method: 'GET',
      url: `${asset.assetUrl}?format=300w`,
      headers: { host: site.host },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(300);
    const original = await other.inject({
      method: 'GET',
      url: `${asset.assetUrl}?format=original`,
      headers: { host: site.host },
    });
    expect(original.rawPayload.equals(png)).toBe(true);

    const gone = await site.request({
      method: 'DELETE',
      url: `/api/studio/media/${asset.id}`,
      cookies: { siteUserSession: session },
    });
    expect(gone.statusCode).toBe(200);
    expect(await keys()).toEqual([]);
    const after = await other.inject({
      method: 'GET',
      url: `${asset.assetUrl}?format=300w`,
      headers: { host: site.host },
    });
    expect(after.statusCode).toBe(404);
  });
});
