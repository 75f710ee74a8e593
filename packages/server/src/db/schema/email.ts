import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { websiteIdColumn } from './site';

/** A file sent with a message: its name, MIME type (with parameters) and text content. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

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
    /**
     * The HTML part, made from the text in the site's colours and logo when the mail was
     * queued (services/email/mail-layout.ts). Null for mail queued before there was one:
     * such mail goes out as text only.
     */
    htmlBody: text('html_body'),
    /**
     * The values in the message that give access to something (invitation and order links,
     * download links, gift card codes): shown only to readers who may see everything.
     */
    secrets: jsonb('secrets').$type<string[]>().notNull().default([]),
    /** Files sent with the message (a booking's `.ics` invitation), as text; null for none. */
    attachments: jsonb('attachments').$type<MailAttachment[] | null>(),
    /** Extra headers (a campaign's List-Unsubscribe and List-Unsubscribe-Post); null for none. */
    headers: jsonb('headers').$type<Record<string, string> | null>(),
    /** The sender's name for this mail (a campaign's); null: the site's sender name. */
    fromName: text('from_name'),
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

/** How a site's SMTP connection is secured: TLS from the start (465), STARTTLS (587), or none. */
export type SmtpSecurity = 'tls' | 'starttls' | 'none';

/**
 * A site's sender and SMTP connection (Settings → Domain & mail). When `smtpHost` is set the
 * site's mail goes through it instead of the deployment's SMTP_URL. The password is sealed
 * with the server's key (services/payments/secret-box.ts) and never sent back to a browser.
 */
export const mailSettings = pgTable('mail_settings', {
  websiteId: websiteIdColumn().primaryKey(),
  senderName: text('sender_name'),
  senderAddress: text('sender_address'),
  smtpHost: text('smtp_host'),
  smtpPort: integer('smtp_port'),
  smtpSecurity: text('smtp_security').$type<SmtpSecurity>().notNull().default('starttls'),
  smtpUser: text('smtp_user'),
  smtpPassword: text('smtp_password'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
