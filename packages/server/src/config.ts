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
  /**
   * JetStream stream of this deployment's beacons; its subject and durable consumer are
   * named after it, so deployments sharing one NATS server never take each other's.
   * Unset → derived from the Redis key prefix (natsStreamFor).
   */
  natsStream?: string;
  /** Time a client has to send a whole request (headers and body) before a 408. */
  requestTimeoutMs?: number;
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
  /**
   * The key that encrypts stored payment secrets (32 bytes). Unset → with PGlite a key file
   * beside the data (`dataDir/secrets.key`); with PostgreSQL secrets cannot be stored.
   */
  secretsKey?: Buffer;
  /** Another Stripe API address (a local Stripe-compatible server in tests); unset → Stripe's own. */
  stripeApiBase?: string;
  /** Another Mailchimp API address (a local stand-in in tests); unset → https://<dc>.api.mailchimp.com. */
  mailchimpApiBase?: string;
  /** Address autocomplete through Google Places (a key); without it, offline datasets. */
  /** The server's Google Places key (a site's owner may give their own) and where Google answers. */
  places?: { googleApiKey?: string | undefined; googleApiBase?: string | undefined };
  /** Where the checkout page loads Stripe.js from (tests: a local stand-in); unset → Stripe's own. */
  stripeJsUrl?: string;
  /** How long a checkout holds stock waiting for its payment (3-D Secure included); default 15 min. */
  checkoutReservationSeconds?: number;
  /** Bearer token a Prometheus scraper sends to `/metrics`; unset → no metrics address. */
  metricsToken?: string;
  /** OTLP/HTTP traces address (…/v1/traces); unset → no tracing. */
  tracesEndpoint?: string;
  /** Send webhooks to private, loopback and link-local addresses too (WEBHOOKS_ALLOW_PRIVATE=true). */
  webhooksAllowPrivate?: boolean;
  /**
   * Record automated browsers too (SESSION_REPLAY_RECORD_AUTOMATED=true): for browser tests of
   * session replay only; by default webdriver clients and known bots get the automated mock id.
   */
  sessionReplayRecordAutomated?: boolean;
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
    NATS_STREAM: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, 'NATS_STREAM must be 1–64 letters, digits, _ or -')
        .optional(),
    ),
    REQUEST_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: 'REQUEST_TIMEOUT_MS must be a number' })
        .int('REQUEST_TIMEOUT_MS must be a whole number')
        .min(1_000, 'REQUEST_TIMEOUT_MS must be between 1000 and 600000')
        .max(600_000, 'REQUEST_TIMEOUT_MS must be between 1000 and 600000')
        .default(30_000),
    ),
    CHECKOUT_RESERVATION_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: 'CHECKOUT_RESERVATION_SECONDS must be a number' })
        .int('CHECKOUT_RESERVATION_SECONDS must be a whole number')
        .min(2, 'CHECKOUT_RESERVATION_SECONDS must be between 2 and 86400')
        .max(86_400, 'CHECKOUT_RESERVATION_SECONDS must be between 2 and 86400')
        .default(900),
    ),
    SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
    WEBHOOKS_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    SESSION_REPLAY_RECORD_AUTOMATED: z.preprocess(
      emptyToUndefined,
      z.enum(['true', 'false']).default('false'),
    ),
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
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(16, 'METRICS_TOKEN must be at least 16 characters (openssl rand -hex 32)').optional(),
    ),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^https?:\/\/\S+$/, 'OTEL_EXPORTER_OTLP_ENDPOINT must start with http:// or https://')
        .optional(),
    ),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^https?:\/\/\S+$/, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must start with http:// or https://')
        .optional(),
    ),
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
    SECRETS_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((text, ctx) => {
          const key = parseSecretsKey(text);
          if (key) return key;
          ctx.addIssue({
            code: 'custom',
            message:
              'SECRETS_KEY must be 32 bytes written as base64 (44 characters) or hex (64 characters), e.g. from `openssl rand -base64 32`',
          });
          return z.NEVER;
        })
        .optional(),
    ),
    STRIPE_API_BASE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^https?:\/\/[^\s/]+\/?$/,
          'STRIPE_API_BASE must be http(s)://host:port, e.g. http://127.0.0.1:12111',
        )
        .optional(),
    ),
    GOOGLE_PLACES_API_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    GOOGLE_PLACES_API_BASE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^https?:\/\/[^\s/]+\/?$/,
          'GOOGLE_PLACES_API_BASE must be http(s)://host:port, e.g. http://127.0.0.1:12112',
        )
        .optional(),
    ),
    MAILCHIMP_API_BASE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^https?:\/\/[^\s/]+\/?$/,
          'MAILCHIMP_API_BASE must be http(s)://host:port, e.g. http://127.0.0.1:12113',
        )
        .optional(),
    ),
    STRIPE_JS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^https?:\/\/[^\s/?#]+\/[^\s"'<>]*$/,
          'STRIPE_JS_URL must be an http(s) address of Stripe.js, e.g. https://js.stripe.com/v3/',
        )
        .optional(),
    ),
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

/** 32 bytes from base64 (standard or URL-safe) or hex text; undefined when it is not exactly that. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, 'base64');
    return key.length === 32 ? key : undefined;
  }
  return undefined;
}

/** TRUST_PROXY: unset/false → trust nobody; "true" → every hop; a number → that many hops; else a list. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((s) => s.trim());
}

/**
 * The default stream name from the Redis key prefix (`juniper:` → `JUNIPER_TRACKING`):
 * deployments that keep their Redis keys apart keep their beacons apart too.
 */
export function natsStreamFor(redisKeyPrefix = 'juniper:'): string {
  const base = redisKeyPrefix
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);
  return base ? `${base}_TRACKING` : 'TRACKING';
}

/** Thrown with one line per bad variable, e.g. "PORT must be a number (got "abc")". */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The OTLP traces address as OpenTelemetry's own variables define it: the traces-specific one
 * as given, else the general endpoint with `/v1/traces` appended.
 */
export function tracesEndpoint(traces: string | undefined, base: string | undefined): string | undefined {
  if (traces) return traces;
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
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
    natsStream: e.NATS_STREAM ?? natsStreamFor(e.REDIS_KEY_PREFIX),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    checkoutReservationSeconds: e.CHECKOUT_RESERVATION_SECONDS,
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
    secretsKey: e.SECRETS_KEY,
    stripeApiBase: e.STRIPE_API_BASE,
    mailchimpApiBase: e.MAILCHIMP_API_BASE,
    stripeJsUrl: e.STRIPE_JS_URL,
    places: { googleApiKey: e.GOOGLE_PLACES_API_KEY, googleApiBase: e.GOOGLE_PLACES_API_BASE },
    metricsToken: e.METRICS_TOKEN,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
    sessionReplayRecordAutomated: e.SESSION_REPLAY_RECORD_AUTOMATED === 'true',
    tracesEndpoint: tracesEndpoint(e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, e.OTEL_EXPORTER_OTLP_ENDPOINT),
  };
}
