import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';
import { siteUsers } from './site-users';

/**
 * An owner API token (Settings → Developers): `Authorization: Bearer <token>` acts as a
 * contributor with `roleCode` through the permission table. Only the SHA-256 of the token is
 * kept (the token is 256 random bits, shown once); `prefix` lets the owner tell tokens apart.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    name: text('name').notNull(),
    roleCode: integer('role_code').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    /** Who made it: requests with the token act on this account's behalf. */
    createdBy: text('created_by').references(() => siteUsers.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_website_idx').on(t.websiteId, t.createdAt),
  ],
);

/**
 * A URL the owner subscribed to events. The signing secret is sealed with the server's
 * secret box (services/payments/secret-box.ts): it must be opened to sign every delivery.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [index('webhook_endpoints_website_idx').on(t.websiteId, t.createdAt)],
);

export type WebhookDeliveryStatus = 'PENDING' | 'SENT' | 'FAILED';

/**
 * The webhook outbox: one row per event per endpoint, written in the transaction of the
 * change, delivered by the webhook worker (services/webhooks), retried with backoff for three
 * days. (endpoint, event) is unique: an event is queued once per endpoint.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** Retries stop three days after this (set again by a re-send). */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the delivery until this time while sending it (crash → retried after). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastResponseCode: integer('last_response_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
