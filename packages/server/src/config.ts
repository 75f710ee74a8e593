import path from 'node:path';
import { z } from 'zod';
import type { S3StorageOptions } from './services/media/s3-storage';

/** Configuration read from the environment (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set → PostgreSQL; unset → embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections per process (default 10; PGlite has one). */
  databasePoolSize?: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); unset → mail stays in the outbox. */
  smtpUrl: string | undefined;
  /** NATS server for the tracking queue; unset → in-process queue. */
  natsUrl: string | undefined;
  /** Seed the demo site when the database has no website yet. */
  seedDemo: boolean;
  /** Cart writes allowed per client address per 10 s; 0 disables the limit (benchmarks). */
  cartWritesPer10s: number;
  /** Redis for shared limit counters; unset → counted in process memory. */
  redisUrl?: string;
  /** Prefix of every Redis key (several deployments or tests on one Redis). */
  redisKeyPrefix?: string;
  /**
   * Which proxies to believe about the client address (X-Forwarded-For) and protocol:
   * false (default: none), a hop count, or a list of addresses/CIDRs (Fastify trustProxy).
   */
  trustProxy?: boolean | number | string[];
  /** S3-compatible bucket for media files; unset → local disk under `dataDir/media`. */
  mediaS3?: S3StorageOptions;
}

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z
  .object({
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: 'PORT must be a number' })
        .int('PORT must be a whole number')
        .min(0, 'PORT must be between 0 and 65535')
        .max(65535, 'PORT must be between 0 and 65535')
        .default(3000),
    ),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('127.0.0.1')),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: 'DATABASE_POOL_SIZE must be a number' })
        .int('DATABASE_POOL_SIZE must be a whole number')
        .min(1, 'DATABASE_POOL_SIZE must be between 1 and 200')
        .max(200, 'DATABASE_POOL_SIZE must be between 1 and 200')
        .optional(),
    ),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
        .optional(),
    ),
    NATS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(nats|tls):\/\//, 'NATS_URL must start with nats:// or tls://')
        .optional(),
    ),
    SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
    CART_WRITE_LIMIT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: 'CART_WRITE_LIMIT must be a number' })
        .int('CART_WRITE_LIMIT must be a whole number')
        .min(0, 'CART_WRITE_LIMIT must be 0 or more')
        .default(100),
    ),
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
        .optional(),
    ),
    REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().max(100).default('juniper:')),
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^(false|true|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
          'TRUST_PROXY must be false, a hop count, or a comma-separated list of addresses/CIDRs',
        )
        .optional(),
    ),
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'S3_BUCKET must be 3–63 lowercase letters, digits, dots or hyphens',
        )
        .optional(),
    ),
    S3_ENDPOINT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^https?:\/\/[^\s/]+/, 'S3_ENDPOINT must start with http:// or https://')
        .optional(),
    ),
    S3_REGION: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/, 'S3_REGION must be a region name such as us-east-1')
        .default('us-east-1'),
    ),
    S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    S3_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^([a-z0-9_-]+\/){1,5}$/, 'S3_PREFIX must be folder names ending in a slash, e.g. media/')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    // The other S3 variables mean nothing without a bucket: say so rather than quietly use the disk.
    const s3Vars = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;
    if (!env.S3_BUCKET && s3Vars.some((key) => env[key] !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `S3_BUCKET is required when ${s3Vars.filter((key) => env[key] !== undefined).join(', ')} is set`,
      });
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
      });
  });

/** TRUST_PROXY: unset/false → trust nobody; "true" → every hop; a number → that many hops; else a list. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((s) => s.trim());
}

/** Thrown with one line per bad variable, e.g. "PORT must be a number (got "abc")". */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse and validate the environment. Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      return `  ${key}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    natsUrl: e.NATS_URL,
    seedDemo: e.SEED_DEMO === 'true',
    cartWritesPer10s: e.CART_WRITE_LIMIT,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mediaS3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          prefix: e.S3_PREFIX ?? '',
        }
      : undefined,
  };
}
