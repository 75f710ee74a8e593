import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { carts, paymentWebhookEvents } from '../../db/schema/index';
import type { CartOwner } from '../cart/cart-store';

/** Has this provider event been handled already (a provider sends events more than once)? */
export async function webhookEventSeen(db: Database, provider: string, eventId: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)));
  return Boolean(seen);
}

/** Remember a handled provider event, so its next delivery is answered without acting twice. */
export async function recordWebhookEvent(
  db: Database,
  event: { provider: string; eventId: string; websiteId: string; type: string },
): Promise<void> {
  await db.insert(paymentWebhookEvents).values(event).onConflictDoNothing();
}

/** Is the cart the caller's (by its cart token or its signed-in account)? */
export async function cartBelongsTo(db: Database, cartId: string, owner: CartOwner): Promise<boolean> {
  const who = [
    ...(owner.token ? [eq(carts.token, owner.token)] : []),
    ...(owner.siteUserId ? [eq(carts.siteUserId, owner.siteUserId)] : []),
  ];
  if (who.length === 0) return false;
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), or(...who)));
  return Boolean(row);
}
