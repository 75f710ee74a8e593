import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { ApiError } from '../../errors';

/**
 * Put a FAILED message back in the queue: PENDING, due now, with a fresh set of attempts
 * (otherwise the worker would give up after one more try). The last error stays visible
 * until the next attempt replaces it. Only failed mail is retried: pending mail is already
 * queued and sent mail would go out twice.
 */
export async function retryMessage(db: Database, websiteId: string, id: string) {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
    .where(
      and(eq(emailOutbox.id, id), eq(emailOutbox.websiteId, websiteId), eq(emailOutbox.status, 'FAILED')),
    )
    .returning();
  if (row) return row;
  const [exists] = await db
    .select({ status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.websiteId, websiteId)));
  if (!exists) throw new ApiError('NOT_FOUND', 'No such message.');
  throw new ApiError(
    'CONFLICT',
    `Only a failed message can be retried; this one is ${exists.status.toLowerCase()}.`,
  );
}
