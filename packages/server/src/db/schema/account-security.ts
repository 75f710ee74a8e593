import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';
import { siteUsers } from './site-users';

const siteUserIdColumn = () =>
  text('site_user_id')
    .notNull()
    .references(() => siteUsers.id, { onDelete: 'cascade' });

/**
 * A mailed "choose a new password" link. The link carries `<id>.<secret>`; only the SHA-256
 * of the secret is kept, compared in constant time. One live link per account (asking again
 * replaces it); using it deletes it.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    siteUserId: siteUserIdColumn(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('password_resets_user_key').on(t.siteUserId)],
);

/**
 * A staff account's authenticator (TOTP, RFC 6238). The shared secret is sealed with the
 * server's secret box; `enabledAt` is null while the enrolment waits for its first code.
 * `lastStep` is the last 30-second step whose code was accepted: a code is good once.
 */
export const staffTwoFactor = pgTable('staff_two_factor', {
  siteUserId: siteUserIdColumn().primaryKey(),
  websiteId: websiteIdColumn(),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: createdAtColumn(),
});

/** Single-use recovery codes of a staff account with two-factor sign-in (SHA-256 only). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: idColumn(),
    siteUserId: siteUserIdColumn(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.siteUserId)],
);

/**
 * The step between a right password and a session for an account with two-factor sign-in:
 * the client holds `<id>.<secret>` (SHA-256 of the secret kept) for 5 minutes and a few
 * code attempts. It grants nothing but the right to send a code.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    siteUserId: siteUserIdColumn(),
    secretHash: text('secret_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.siteUserId)],
);
