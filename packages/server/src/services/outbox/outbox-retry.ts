import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import type { Outcome } from '../../reasons';

/**
 * Put a FAILED message back in the queue: PENDING, due now, with a fresh set of attempts
 * (otherwise the worker would give up after one more try). The last error stays visible
 * until the next attempt replaces it. Only failed mail is retried: pending mail is already
 * queued and sent mail would go out twice.
 */
export async function retryMessage(
  db: Database,
  websiteId: string,
  id: string,
): Promise<Outcome<typeof emailOutbox.$inferSelect>> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
    .where(
      and(eq(emailOutbox.id, id), eq(emailOutbox.websiteId, websiteId), eq(emailOutbox.status, 'FAILED')),
    )
    .returning();
  if (row) return { ok: true, value: row };
  const [exists] = await db
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.websiteId, websiteId)));
  if (!exists) return { ok: false, reason: 'MESSAGE_NOT_FOUND' };
  return { ok: false, reason: 'MESSAGE_NOT_FAILED', values: { status: exists.status.toLowerCase() } };
}
