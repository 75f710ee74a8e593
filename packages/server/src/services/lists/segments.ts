import { type SQL, sql } from 'drizzle-orm';
import { orderItems, orders } from '../../db/schema/commerce';
import { memberships } from '../../db/schema/members';
import { listMembers } from '../../db/schema/newsletter';
import { siteUsers } from '../../db/schema/site-users';
import { websites } from '../../db/schema/site';

/**
 * A saved segment's conditions; every condition given must hold (an empty rule is everyone).
 * - `boughtProductId`: a counted order of this site (below) has a line of that product.
 * - `spentOverMinor`: counted orders in the site currency add up (less refunds) to more than
 *   this many minor units.
 * - `memberOfAreaId`: a customer account with this e-mail has a live membership of that
 *   member area (active, or cancelled and not yet ended — the rule of services/members/access.ts).
 * Counted orders: paid, fulfilled or refunded, matched by e-mail (lower case), and live ones
 * only (no money moved in a test-mode order), unless the store has never taken a live payment:
 * then its test-mode orders count, as in the owner's numbers (services/analytics.service.ts).
 */
export type SegmentRule = { boughtProductId?: string; spentOverMinor?: number; memberOfAreaId?: string };

const COUNTED = sql`('PAID', 'FULFILLED', 'REFUNDED')`;

/** Live orders, or test-mode ones while the store has no live order at all (one look per query). */
const countedMode = (websiteId: string) =>
  sql`${orders.testMode} = not exists (
    select 1 from ${orders} as live_orders
    where live_orders.website_id = ${websiteId} and live_orders.test_mode = false)`;

/**
 * The segment as an SQL boolean over `list_members.email` (one site): AND it into a query
 * that reads list_members.
 */
export function segmentCondition(websiteId: string, rule: SegmentRule): SQL {
  const parts: SQL[] = [];
  const email = listMembers.email;
  if (rule.boughtProductId) {
    parts.push(sql`exists (
      select 1 from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
      where ${orders.websiteId} = ${websiteId} and lower(${orders.email}) = ${email}
        and ${countedMode(websiteId)} and ${orders.status} in ${COUNTED}
        and ${orderItems.itemId} = ${rule.boughtProductId})`);
  }
  if (rule.spentOverMinor !== undefined && rule.spentOverMinor !== null) {
    parts.push(sql`coalesce((
      select sum(${orders.grandTotalCents} - ${orders.refundedCents}) from ${orders}
      where ${orders.websiteId} = ${websiteId} and lower(${orders.email}) = ${email}
        and ${countedMode(websiteId)} and ${orders.status} in ${COUNTED}
        and ${orders.currency} = (select ${websites.currency} from ${websites} where ${websites.id} = ${websiteId})
    ), 0) > ${Math.trunc(rule.spentOverMinor)}`);
  }
  if (rule.memberOfAreaId) {
    parts.push(sql`exists (
      select 1 from ${memberships} join ${siteUsers} on ${siteUsers.id} = ${memberships.siteUserId}
      where ${memberships.websiteId} = ${websiteId} and ${siteUsers.websiteId} = ${websiteId}
        and lower(${siteUsers.email}) = ${email} and ${memberships.areaId} = ${rule.memberOfAreaId}
        and ${memberships.status} <> 'ended'
        and (${memberships.endsAt} is null or ${memberships.endsAt} > now()))`);
  }
  if (parts.length === 0) return sql`true`;
  return sql`(${sql.join(parts, sql` and `)})`;
}
