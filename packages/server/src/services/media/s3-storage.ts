import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MediaStorage } from './media-storage';

/** Where and how to reach an S3-compatible bucket (README "Configuration", `S3_*`). */
export interface S3StorageOptions {
  bucket: string;
  /** Unset → AWS itself; set (MinIO, R2, Ceph…) → that address, path-style URLs. */
  endpoint?: string;
  region: string;
  /** Unset → the SDK's own chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every key, so one bucket can hold several deployments. */
  prefix: string;
}

const SAFE_KEY = /^[a-z0-9]+\/[a-z0-9.]+$/;
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Media files in an S3-compatible bucket: every server process reads the same files, so
 * uploads on one process are served by all. Keys are content-hashed and never rewritten,
 * which is why no locking or versioning is needed.
 */
export function s3Storage(options: S3StorageOptions, client?: S3Client): MediaStorage {
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
    });
  const Bucket = options.bucket;
  const full = (key: string) => `${options.prefix}${key}`;
  return {
    async put(key, body) {
      if (!SAFE_KEY.test(key)) throw new Error(`unsafe media key ${key}`);
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: full(key),
          Body: body,
          ContentType: TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async removePrefix(prefix) {
      if (!/^[a-z0-9]+$/.test(prefix)) return;
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix: full(`${prefix}/`), ContinuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0)
          await s3.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
