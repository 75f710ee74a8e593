import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { variants } from './catalog';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';

/** A customer (SITE_USER), the site's owner, or a contributor with a spec §3 role. */
export type SiteUserRole = 'SITE_USER' | 'OWNER' | 'CONTRIBUTOR';

/**
 * Accounts on one website: visitors who signed up (SITE_USER) and the site's owners
 * (OWNER). Emails are stored lower-cased so uniqueness is case-insensitive.
 */
export const siteUsers = pgTable(
  'site_users',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    email: text('email').notNull(),
    /** scrypt$N$r$p$salt$hash (services/site-users/password.ts). */
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<SiteUserRole>().notNull().default('SITE_USER'),
    /** For a CONTRIBUTOR: the spec §3 role code that decides what it may do in the studio. */
    contributorRole: integer('contributor_role'),
    language: text('language'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('site_users_website_email_key').on(t.websiteId, t.email)],
);

/** A signed-in session. Only the SHA-256 of the cookie token is stored. */
export const siteUserSessions = pgTable(
  'site_user_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    xsrfToken: text('xsrf_token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('site_user_sessions_user_idx').on(t.siteUserId),
    // The clean-up deletes sessions past their expiry.
    index('site_user_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Back-in-stock signups. One row per (variant, email): signing up twice is idempotent.
 * `notifiedAt` is set in the transaction that queues the email, so each signup is mailed once.
 */
export const restockSignups = pgTable(
  'restock_signups',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    productId: text('product_id').notNull(),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    isJoinMailingList: boolean('is_join_mailing_list').notNull().default(false),
    language: text('language'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('restock_signups_variant_email_key').on(t.websiteId, t.variantId, t.email),
    index('restock_signups_product_idx').on(t.websiteId, t.productId, t.variantId),
  ],
);

/** A signed-in visitor's saved address (account page; offered at checkout). */
export const siteUserAddresses = pgTable(
  'site_user_addresses',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<Record<string, string>>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [index('site_user_addresses_user_idx').on(t.siteUserId)],
);

/**
 * An invitation to help run the site (spec §3 contributor roles): accepted by setting a
 * password through the link mailed to `email`. Only the SHA-256 of the link's token is kept.
 */
export const contributorInvitations = pgTable(
  'contributor_invitations',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    email: text('email').notNull(),
    /** Spec §3 contributor role code (admin 1, billing 2, reporting 3, editor 4, …). */
    roleCode: integer('role_code').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('contributor_invitations_token_key').on(t.tokenHash),
    index('contributor_invitations_site_idx').on(t.websiteId),
    // One live link per address: inviting again replaces it (an upsert on this index).
    uniqueIndex('contributor_invitations_pending_key')
      .on(t.websiteId, t.email)
      .where(sql`${t.acceptedAt} IS NULL`),
  ],
);
