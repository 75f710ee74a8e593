import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';
import { siteUsers } from './site-users';

/**
 * A site's OpenID Connect provider for its members and customers (Settings → Sign-in with SSO).
 * The client secret is sealed with the server's key (services/payments/secret-box.ts), bound
 * to the site; the studio only ever sees its last four characters.
 */
export const ssoSettings = pgTable('sso_settings', {
  websiteId: websiteIdColumn().primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed'),
  clientSecretLast4: text('client_secret_last4'),
  buttonLabel: text('button_label').notNull().default('SSO'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who an account is at a provider: (website, issuer, subject) names one person for good, even
 * when their e-mail changes at the provider. A later sign-in finds the account by it.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_identities_subject_key').on(t.websiteId, t.issuer, t.subject),
    index('sso_identities_user_idx').on(t.siteUserId),
  ],
);
