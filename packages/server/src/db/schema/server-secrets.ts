import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * Server-wide secrets (the crumb signing key, …), created on first use. Kept in the
 * database so every server process signs and checks with the same key.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAtColumn(),
});
