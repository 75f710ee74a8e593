import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageOptions } from '../media/s3-storage';

/**
 * Where digital products' files live. Unlike media (small images, read whole), these run to
 * hundreds of megabytes, so both ways are streams: nothing holds a whole file in memory.
 */
export interface FileStorage {
  /** Stream `body` into `key`; answers the bytes written. On a failed stream nothing is kept. */
  put(key: string, body: Readable): Promise<number>;
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^files\/[a-f0-9]{32}$/;

function checked(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe file key ${key}`);
  return key;
}

/** Stream to a temporary file beside `target`, then rename: a reader never sees half a file. */
async function spool(body: Readable, target: string): Promise<number> {
  const partial = `${target}.${process.pid}.${Date.now()}.part`;
  try {
    await pipeline(body, createWriteStream(partial));
    const { size } = await fs.stat(partial);
    await fs.rename(partial, target);
    return size;
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

export function localFileStorage(root: string): FileStorage {
  const file = (key: string) => path.join(root, checked(key));
  return {
    async put(key, body) {
      await fs.mkdir(path.dirname(file(key)), { recursive: true });
      return spool(body, file(key));
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      const handle = await fs.open(file(key)).catch(() => null);
      return handle ? handle.createReadStream() : null;
    },
    async remove(key) {
      if (SAFE_KEY.test(key)) await fs.rm(file(key), { force: true });
    },
  };
}

/**
 * Files in the media bucket (under `product-files/`, never public: downloads go through
 * signed links). An upload is spooled to a temporary file first so S3 gets its length.
 */
export function s3FileStorage(options: S3StorageOptions, client?: S3Client): FileStorage {
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  const Bucket = options.bucket;
  const Key = (key: string) => `${options.prefix}product-${checked(key)}`;
  return {
    async put(key, body) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'product-file-'));
      try {
        const temp = path.join(dir, 'upload');
        const size = await spool(body, temp);
        await s3.send(
          new PutObjectCommand({ Bucket, Key: Key(key), Body: createReadStream(temp), ContentLength: size }),
        );
        return size;
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      if (SAFE_KEY.test(key)) await s3.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
  };
}

/** Where this server keeps digital products' files: S3 when media goes there, else DATA_DIR. */
export function productFileStorage(config: { mediaS3?: S3StorageOptions; dataDir: string }): FileStorage {
  return config.mediaS3
    ? s3FileStorage(config.mediaS3)
    : localFileStorage(path.join(config.dataDir, 'product-files'));
}
