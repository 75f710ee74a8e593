import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npx drizzle-kit generate --name <why>`),
// checked in, and applied at start by packages/server/src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server/src/db/schema/*.ts',
  out: './packages/server/drizzle',
});
