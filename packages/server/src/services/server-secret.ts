import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { theRow } from '../db/rows';
import { serverSecrets } from '../db/schema/index';

/**
 * The named server secret, created (32 random bytes) on first use. Concurrent first
 * starts race on the primary key; every process then reads the one row that won.
 */
export async function serverSecret(db: Database, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return Buffer.from(theRow(rows, 'server secret after insert').value, 'base64url');
}
