import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carts, orders, siteUserSessions } from '../../db/schema/index';

const DAY_MS = 86_400_000;

/** A visitor's cart nobody touched for this long is abandoned. */
export const ANONYMOUS_CART_DAYS = 30;
/** A signed-in customer's cart waits longer: it follows them to every device. */
export const CUSTOMER_CART_DAYS = 180;
/** Rows deleted per statement, and statements per table per run. */
export const STALE_ROWS_BATCH = 1_000;
export const STALE_ROWS_MAX_BATCHES = 10;

/** Delete in batches of `STALE_ROWS_BATCH` until none is left or the run's share is used up. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < STALE_ROWS_MAX_BATCHES; i++) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < STALE_ROWS_BATCH) break;
  }
  return total;
}

/** Sign-in sessions past their expiry (they no longer sign anyone in). */
export function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  return inBatches(async () => {
    const expired = db
      .select({ tokenHash: siteUserSessions.tokenHash })
      .from(siteUserSessions)
      .where(lt(siteUserSessions.expiresAt, now))
      .limit(STALE_ROWS_BATCH);
    const gone = await db
      .delete(siteUserSessions)
      .where(inArray(siteUserSessions.tokenHash, expired))
      .returning({ tokenHash: siteUserSessions.tokenHash });
    return gone.length;
  });
}

/**
 * Carts never bought and untouched for ANONYMOUS_CART_DAYS (a signed-in customer's for
 * CUSTOMER_CART_DAYS), with their lines. A cart an order points at is kept, bought or not;
 * a cart a checkout holds locked right now is skipped.
 */
export function deleteAbandonedCarts(db: Database, now = new Date()): Promise<number> {
  const anonymousBefore = new Date(now.getTime() - ANONYMOUS_CART_DAYS * DAY_MS);
  const customerBefore = new Date(now.getTime() - CUSTOMER_CART_DAYS * DAY_MS);
  return inBatches(async () => {
    const abandoned = db
      .select({ id: carts.id })
      .from(carts)
      .where(
        and(
          eq(carts.isPurchased, false),
          // created_at never follows updated_at forward: it only narrows by the index.
          lt(carts.createdAt, anonymousBefore),
          isNull(carts.orderId),
          or(
            and(isNull(carts.siteUserId), lt(carts.updatedAt, anonymousBefore)),
            and(isNotNull(carts.siteUserId), lt(carts.updatedAt, customerBefore)),
          ),
          notExists(db.select({ one: sql`1` }).from(orders).where(eq(orders.purchasedCartId, carts.id))),
        ),
      )
      .limit(STALE_ROWS_BATCH)
      .for('update', { skipLocked: true });
    const gone = await db.delete(carts).where(inArray(carts.id, abandoned)).returning({ id: carts.id });
    return gone.length;
  });
}

/** The scheduled clean-up: expired sessions and abandoned carts, each in bounded batches. */
export async function deleteStaleRows(
  db: Database,
  now = new Date(),
): Promise<{ sessions: number; carts: number }> {
  const sessions = await deleteExpiredSessions(db, now);
  const abandoned = await deleteAbandonedCarts(db, now);
  return { sessions, carts: abandoned };
}
