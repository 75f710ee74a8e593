import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { carts } from './commerce';
import { websiteIdColumn } from './site';

/**
 * A cart that may be reminded of (services/cart-recovery): the buyer's e-mail, how many
 * reminders went out (raised by the claiming UPDATE), and when its signed link restored it.
 */
export const cartRecovery = pgTable(
  'cart_recovery',
  {
    cartId: text('cart_id')
      .primaryKey()
      .references(() => carts.id, { onDelete: 'cascade' }),
    websiteId: websiteIdColumn(),
    email: text('email').notNull(),
    /** When the e-mail was given: with the cart's last activity, where the delays count from. */
    emailAt: timestamp('email_at', { withTimezone: true }).notNull().defaultNow(),
    remindersSent: integer('reminders_sent').notNull().default(0),
    firstRemindedAt: timestamp('first_reminded_at', { withTimezone: true }),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_recovery_website_idx').on(t.websiteId, t.createdAt)],
);

/** E-mails (lower-cased) that asked for no more cart reminders from a site. */
export const cartRecoveryOptouts = pgTable(
  'cart_recovery_optouts',
  {
    websiteId: websiteIdColumn(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.email] })],
);
