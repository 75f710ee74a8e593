import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { websiteIdColumn } from './site';

/**
 * Transactional outbox: mail is written here in the same transaction as the change that
 * caused it and delivered later by the outbox worker (services/outbox), so nothing is lost
 * on restart and nothing is sent for a rolled-back change.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    /** What caused the message (form-submission, restock), for the owner's list. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: text('status').$type<'PENDING' | 'SENT' | 'FAILED'>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds a message until this time while sending it (crash → retried after). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_website_idx').on(t.websiteId, t.createdAt),
  ],
);
