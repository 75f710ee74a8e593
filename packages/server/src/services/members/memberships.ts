import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type MembershipSource, memberships } from '../../db/schema';

export interface GrantMembership {
  websiteId: string;
  siteUserId: string;
  areaId: string;
  planId: string | null;
  source: MembershipSource;
  orderId?: string | null;
  subscriptionId?: string | null;
  /** Access until; null = until ended by hand or by its subscription. */
  endsAt?: Date | null;
}

/**
 * Let a customer into an area. A customer who already has a live membership of the area gets
 * it renewed in place (new plan, source, links and end) rather than a second row: the unique
 * index `memberships_one_live` allows one. Repeating the same grant is harmless.
 */
export async function grantMembership(tx: Tx, input: GrantMembership): Promise<{ membershipId: string }> {
  const values = {
    planId: input.planId,
    source: input.source,
    orderId: input.orderId ?? null,
    subscriptionId: input.subscriptionId ?? null,
    endsAt: input.endsAt ?? null,
    status: 'active' as const,
    cancelledAt: null,
  };
  const [row] = await tx
    .insert(memberships)
    .values({ websiteId: input.websiteId, siteUserId: input.siteUserId, areaId: input.areaId, ...values })
    .onConflictDoUpdate({
      target: [memberships.areaId, memberships.siteUserId],
      targetWhere: sql`${memberships.status} <> 'ended'`,
      set: values,
    })
    .returning({ id: memberships.id });
  if (!row) throw new Error('membership upsert returned no row');
  return { membershipId: row.id };
}

/**
 * Follow a subscription's state: access until `endsAt` (cancelled at period end), no end while
 * it renews (null), or over now (`ended`).
 */
export async function syncMembershipsOfSubscription(
  tx: Tx,
  websiteId: string,
  subscriptionId: string,
  state: { status: 'active' | 'cancelled' | 'ended'; endsAt: Date | null },
): Promise<number> {
  const rows = await tx
    .update(memberships)
    .set({
      status: state.status,
      endsAt: state.endsAt,
      cancelledAt: state.status === 'active' ? null : sql`coalesce(${memberships.cancelledAt}, now())`,
    })
    .where(
      and(
        eq(memberships.websiteId, websiteId),
        eq(memberships.subscriptionId, subscriptionId),
        ne(memberships.status, 'ended'),
      ),
    )
    .returning({ id: memberships.id });
  return rows.length;
}
