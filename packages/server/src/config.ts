import path from 'node:path';
import { z } from 'zod';

/** Configuration read from the environment (README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set → PostgreSQL; unset → embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
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
}

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
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
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    natsUrl: e.NATS_URL,
    seedDemo: e.SEED_DEMO === 'true',
    cartWritesPer10s: e.CART_WRITE_LIMIT,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}
