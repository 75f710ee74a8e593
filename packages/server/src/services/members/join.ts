import type { MemberAreaOffer } from '@store/api';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import {
  cartEntries,
  collections,
  items,
  memberAreaContent,
  memberAreas,
  memberPlans,
  siteUsers,
  subscriptions,
} from '../../db/schema/index';
import { asOutcome, type Outcome, Rejection } from '../../reasons';
import { type CartOwner, createCart, findOpenCart, touchCart } from '../cart/cart-store';
import { enqueueEmail } from '../email/email-outbox';
import type { SiteRecord } from '../site.service';
import { siteBaseUrl } from '../site-base-url';
import { viewerAccess } from './access';
import { membershipConfirmedMail } from './membership-mail';
import { grantMembership } from './memberships';
import { type PlanRow, planView } from './plans';

/**
 * Joining a member area: the offer a visitor sees (pricing-plan and member-area blocks, the
 * join page), joining a free plan at once, and a paid plan through checkout: its paywall
 * product goes into the cart, and the order that pays for it grants the membership.
 */

type AreaRow = typeof memberAreas.$inferSelect;

export const joinPath = (area: { slug: string }) => `/members/${encodeURIComponent(area.slug)}/join`;
export const confirmedPath = (area: { slug: string }) => `/members/${encodeURIComponent(area.slug)}/welcome`;

/** An area by id or slug, on this site only. */
export async function findArea(db: Database | Tx, websiteId: string, ref: string): Promise<AreaRow | null> {
  const [row] = await db
    .select()
    .from(memberAreas)
    .where(and(eq(memberAreas.websiteId, websiteId), or(eq(memberAreas.id, ref), eq(memberAreas.slug, ref))));
  return row ?? null;
}

/**
 * Where a member goes in: the first page or collection the area unlocks, else its first item,
 * else the confirmed page (which says what the membership gives).
 */
export async function enterPath(db: Database | Tx, area: AreaRow): Promise<string> {
  const content = await db
    .select({ kind: memberAreaContent.kind, ref: memberAreaContent.ref })
    .from(memberAreaContent)
    .where(eq(memberAreaContent.areaId, area.id))
    .orderBy(asc(memberAreaContent.createdAt));
  const pages = content.filter((c) => c.kind === 'page' || c.kind === 'collection').map((c) => c.ref);
  if (pages.length > 0) {
    const rows = await db
      .select({ id: collections.id, urlId: collections.urlId })
      .from(collections)
      .where(and(eq(collections.websiteId, area.websiteId), inArray(collections.id, pages)));
    const first = pages.map((id) => rows.find((r) => r.id === id)).find(Boolean);
    if (first) return `/${first.urlId}`;
  }
  const itemRefs = content.filter((c) => c.kind === 'item').map((c) => c.ref);
  if (itemRefs.length > 0) {
    const rows = await db
      .select({ id: items.id, urlId: items.urlId, collectionUrl: collections.urlId })
      .from(items)
      .innerJoin(collections, eq(collections.id, items.collectionId))
      .where(and(eq(items.websiteId, area.websiteId), inArray(items.id, itemRefs)));
    const first = itemRefs.map((id) => rows.find((r) => r.id === id)).find(Boolean);
    if (first) return `/${first.collectionUrl}/${first.urlId}`;
  }
  return confirmedPath(area);
}

/** An area's offered plans and whether this visitor is in (the blocks and the join page). */
export async function areaOffer(
  db: Database,
  websiteId: string,
  ref: string,
  siteUserId: string | null,
): Promise<Outcome<MemberAreaOffer>> {
  const area = await findArea(db, websiteId, ref);
  if (!area) return { ok: false, reason: 'PLAN_AREA_NOT_FOUND' };
  const [plans, access, enter] = await Promise.all([
    db
      .select()
      .from(memberPlans)
      .where(and(eq(memberPlans.areaId, area.id), eq(memberPlans.active, true)))
      .orderBy(asc(memberPlans.position), asc(memberPlans.createdAt), asc(memberPlans.id)),
    viewerAccess(db, websiteId, siteUserId),
    enterPath(db, area),
  ]);
  return {
    ok: true,
    value: {
      area: { id: area.id, name: area.name, slug: area.slug, description: area.description },
      plans: plans.map((p) => {
        const { itemId: _item, active: _active, position: _position, ...rest } = planView(p);
        return rest;
      }),
      signedIn: access.signedIn,
      member: access.areaIds.has(area.id),
      joinPath: joinPath(area),
      enterPath: enter,
    },
  };
}

export type JoinStep =
  | { next: 'joined'; confirmedPath: string }
  | { next: 'checkout'; checkoutPath: string; createdToken?: string };

/**
 * A signed-in customer joins a plan. Free: the membership is granted at once (with its mail);
 * asked again, it answers the same. Paid: the plan's paywall product goes into the customer's
 * cart as one line (added once, however often this is asked) and checkout takes it from there.
 * A customer already in the area is not sold it again.
 */
export async function joinPlan(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  siteUserId: string | null,
  planId: string,
  now = new Date(),
): Promise<Outcome<JoinStep>> {
  if (!siteUserId) return { ok: false, reason: 'JOIN_SIGN_IN_REQUIRED' };
  return asOutcome(() =>
    retryTransaction(db, async (tx) => {
      const [plan] = await tx
        .select()
        .from(memberPlans)
        .where(and(eq(memberPlans.websiteId, site.id), eq(memberPlans.id, planId)));
      if (!plan) throw new Rejection('PLAN_NOT_FOUND');
      const [area] = await tx.select().from(memberAreas).where(eq(memberAreas.id, plan.areaId));
      if (!area) throw new Rejection('PLAN_NOT_FOUND');
      const access = await viewerAccess(tx, site.id, siteUserId, now);
      const member = access.areaIds.has(area.id);
      if (plan.kind === 'free') {
        if (member) return { next: 'joined', confirmedPath: confirmedPath(area) } as const;
        if (!plan.active) throw new Rejection('PLAN_CLOSED');
        await grantMembership(tx, {
          websiteId: site.id,
          siteUserId,
          areaId: area.id,
          planId: plan.id,
          source: 'free',
        });
        await mailNewMember(tx, site, siteUserId, area, plan);
        return { next: 'joined', confirmedPath: confirmedPath(area) } as const;
      }
      if (member) throw new Rejection('ALREADY_MEMBER');
      if (!plan.active || !plan.itemId || !plan.sku) throw new Rejection('PLAN_CLOSED');
      const existing = await findOpenCart(tx, owner, true);
      const cart = existing ?? (await createCart(tx, owner));
      await tx
        .insert(cartEntries)
        .values({
          websiteId: site.id,
          cartId: cart.id,
          itemId: plan.itemId,
          sku: plan.sku,
          quantity: 1,
          mergeKey: `plan:${plan.id}`,
        })
        .onConflictDoNothing();
      await touchCart(tx, cart.id);
      return {
        next: 'checkout',
        checkoutPath: '/checkout',
        ...(existing ? {} : { createdToken: cart.token }),
      } as const;
    }),
  );
}

async function mailNewMember(
  tx: Tx,
  site: SiteRecord,
  siteUserId: string,
  area: AreaRow,
  plan: PlanRow,
  to?: string,
): Promise<void> {
  let address = to;
  if (!address) {
    const [user] = await tx
      .select({ email: siteUsers.email })
      .from(siteUsers)
      .where(eq(siteUsers.id, siteUserId));
    address = user?.email;
  }
  if (!address) return;
  const view = planView(plan);
  const mail = membershipConfirmedMail(site, {
    areaName: area.name,
    planName: plan.name,
    priceText: view.priceText,
    trialDays: plan.trialDays,
    enterUrl: `${siteBaseUrl(site)}${await enterPath(tx, area)}`,
  });
  await enqueueEmail(tx, { websiteId: site.id, kind: 'membership-confirmed', to: address, ...mail });
}

/**
 * Inside the transaction that writes a paid order: every line that sells a member plan grants
 * its area to the order's customer, once (the order is written once per reservation). A
 * recurring plan's membership follows the subscription checkout started for that line (found
 * by the order and the item), so renewals, cancelling and ending move its access; a one-off
 * plan's has no end. An order without a customer account (checkout asks for one) grants none.
 */
export async function grantMembershipsOfOrder(
  tx: Tx,
  site: SiteRecord,
  order: { id: string; siteUserId: string | null; email: string; status: string },
  lines: readonly { itemId: string }[],
): Promise<string[]> {
  if (order.status !== 'PAID' || !order.siteUserId || lines.length === 0) return [];
  const itemIds = [...new Set(lines.map((l) => l.itemId))];
  const plans = await tx
    .select()
    .from(memberPlans)
    .where(and(eq(memberPlans.websiteId, site.id), inArray(memberPlans.itemId, itemIds)));
  const granted: string[] = [];
  for (const plan of plans.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const [area] = await tx.select().from(memberAreas).where(eq(memberAreas.id, plan.areaId));
    if (!area) continue;
    let subscriptionId: string | null = null;
    if (plan.kind === 'recurring') {
      const [sub] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.websiteId, site.id),
            eq(subscriptions.firstOrderId, order.id),
            eq(subscriptions.itemId, plan.itemId ?? ''),
          ),
        )
        .orderBy(sql`${subscriptions.createdAt}`)
        .limit(1);
      subscriptionId = sub?.id ?? null;
    }
    const { membershipId } = await grantMembership(tx, {
      websiteId: site.id,
      siteUserId: order.siteUserId,
      areaId: area.id,
      planId: plan.id,
      source: subscriptionId ? 'subscription' : 'order',
      orderId: order.id,
      subscriptionId,
    });
    granted.push(membershipId);
    await mailNewMember(tx, site, order.siteUserId, area, plan, order.email);
  }
  return granted;
}
