import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { websites, websiteIdColumn } from './site';

/** A form definition (spec §3 "Form"): fields, submission message, captcha settings. */
export const forms = pgTable('forms', {
  id: idColumn(),
  websiteId: websiteIdColumn(),
  name: text('name').notNull(),
  /** Fields and settings; services/forms/form-definition.ts holds the shape (zod). */
  definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
  /**
   * Where a copy of each submission is mailed. A column, not part of `definition`, because the
   * definition is sent to browsers (page context, form island) and this address is the owner's.
   */
  notificationEmail: text('notification_email'),
  /** Which answers join a mailing list: the e-mail field, and the checkbox that must be ticked. */
  listOptIn: jsonb('list_opt_in').$type<{
    listId: string;
    emailFieldId: string;
    optInFieldId: string;
  } | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use submission keys (POST /api/form/FormSubmissionKey). A key is consumed in the
 * same transaction that stores the submission, so a reused key can never store twice.
 */
export const formSubmissionKeys = pgTable(
  'form_submission_keys',
  {
    key: text('key').primaryKey(),
    websiteId: websiteIdColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submission_keys_expires_idx').on(t.expiresAt)],
);

/** A stored form submission: the normalised answers keyed by field id, plus the page it came from. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    formId: text('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    page: jsonb('page').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_form_created_idx').on(t.websiteId, t.formId, t.createdAt)],
);

/** Per-website HMAC key for the proof-of-work captcha (shared by every server process). */
export const captchaKeys = pgTable('captcha_keys', {
  websiteId: text('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  hmacKey: text('hmac_key').notNull(),
});

/** Captcha solutions already accepted: a solution is good for one submission only. */
export const captchaSolutionsUsed = pgTable(
  'captcha_solutions_used',
  {
    signature: text('signature').notNull(),
    websiteId: websiteIdColumn(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('captcha_solutions_used_key').on(t.websiteId, t.signature)],
);
