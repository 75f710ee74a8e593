import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { theRow } from '../../db/rows';
import { siteUsers } from '../../db/schema/index';
import { hashPassword } from './password';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Create (or, with `upsert`, reset the password and role of) an account on a website. */
export async function createAccount(
  db: Database | Tx,
  input: { websiteId: string; email: string; password: string; role: 'SITE_USER' | 'OWNER' },
  options: { upsert?: boolean } = {},
): Promise<{ id: string }> {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const insert = db
    .insert(siteUsers)
    .values({ websiteId: input.websiteId, email, passwordHash, role: input.role });
  const rows = options.upsert
    ? await insert
        .onConflictDoUpdate({
          target: [siteUsers.websiteId, siteUsers.email],
          set: { passwordHash, role: input.role },
        })
        .returning({ id: siteUsers.id })
    : await insert.returning({ id: siteUsers.id });
  return theRow(rows, 'insert into site_users');
}

export async function findAccountByEmail(db: Database, websiteId: string, email: string) {
  const [row] = await db
    .select()
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, normaliseEmail(email))))
    .limit(1);
  return row ?? null;
}

/** The account's language, remembered for its mail and next visit. */
export async function setAccountLanguage(db: Database, siteUserId: string, language: string): Promise<void> {
  await db.update(siteUsers).set({ language }).where(eq(siteUsers.id, siteUserId));
}
