import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';

/**
 * Money actions sent with an `Idempotency-Key` header (plugins/idempotency.ts): the first
 * answer, replayed for 24 hours to the same caller on the same route. A row without a status
 * is a request still running (`started_at` tells when, so a crashed one can be taken over).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    /** Who sent it: the signed-in account, else a hash of the cart token (never the token). */
    caller: text('caller').notNull(),
    /** The route pattern, e.g. `POST /api/commerce/orders/:id/refund`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key').on(t.websiteId, t.caller, t.route, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
