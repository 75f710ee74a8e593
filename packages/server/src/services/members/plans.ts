import { MEMBER_PLAN_MESSAGES, type MemberPlan, type MemberPlanInput, memberPlanProblems } from '@store/api';
import { memberPlanPriceText, ProductType } from '@store/commerce';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { items, memberAreas, memberPlans, variants } from '../../db/schema/index';
import { asOutcome, type Outcome, Rejection } from '../../reasons';
import { addHiddenProduct, type HiddenStore } from '../catalog-admin/hidden-store';

/**
 * Member plans: the prices at which an area is joined. A paid plan (one-off or recurring) is
 * sold as its paywall product (spec product type 5): an item in the site's own "Memberships"
 * store (a products page that is turned off, so nothing of it is listed to visitors) with one
 * unlimited variant, kept at the plan's name and price. Checkout sells that product like any
 * other; the order that pays for it grants the membership (members/join.ts).
 */

export type PlanRow = typeof memberPlans.$inferSelect;

const MEMBERSHIPS_STORE: HiddenStore = { urlId: 'memberships', title: 'Memberships' };

export function planView(row: PlanRow): MemberPlan {
  return {
    id: row.id,
    areaId: row.areaId,
    name: row.name,
    description: row.description,
    kind: row.kind,
    priceCents: row.priceCents,
    currency: row.currency,
    periodUnit: row.periodUnit ?? null,
    periodValue: row.periodValue ?? null,
    numBillingCycles: row.numBillingCycles,
    trialDays: row.trialDays,
    active: row.active,
    position: row.position,
    itemId: row.itemId ?? null,
    priceText: memberPlanPriceText(row),
  };
}

/** The input's rules between fields, as a refusal naming each field (400 PLAN_INVALID). */
function checkInput(input: MemberPlanInput): void {
  const problems = memberPlanProblems(input);
  const first = Object.values(problems)[0];
  if (first) throw new Rejection('PLAN_INVALID', undefined, first, { errors: problems });
}

/** The columns a plan's input sets: a period only for a recurring plan. */
function columnsOf(input: MemberPlanInput) {
  const recurring = input.kind === 'recurring';
  return {
    name: input.name,
    description: input.description,
    priceCents: input.kind === 'free' ? 0 : input.priceCents,
    periodUnit: recurring ? (input.periodUnit ?? null) : null,
    periodValue: recurring ? (input.periodValue ?? null) : null,
    numBillingCycles: recurring ? input.numBillingCycles : 0,
    trialDays: recurring ? input.trialDays : 0,
    active: input.active,
  };
}

async function areaOf(tx: Database | Tx, websiteId: string, areaId: string) {
  const [area] = await tx
    .select({ id: memberAreas.id })
    .from(memberAreas)
    .where(and(eq(memberAreas.websiteId, websiteId), eq(memberAreas.id, areaId)));
  return area;
}

async function lockedPlan(tx: Tx, websiteId: string, planId: string): Promise<PlanRow> {
  const [row] = await tx
    .select()
    .from(memberPlans)
    .where(and(eq(memberPlans.websiteId, websiteId), eq(memberPlans.id, planId)))
    .for('update');
  if (!row) throw new Rejection('PLAN_NOT_FOUND');
  return row;
}

/** An area's plans in their order, archived ones too (the studio), or only offered ones. */
export async function listPlans(
  db: Database | Tx,
  websiteId: string,
  areaId: string,
  options: { activeOnly?: boolean } = {},
): Promise<Outcome<PlanRow[]>> {
  if (!(await areaOf(db, websiteId, areaId))) return { ok: false, reason: 'PLAN_AREA_NOT_FOUND' };
  const rows = await db
    .select()
    .from(memberPlans)
    .where(
      and(
        eq(memberPlans.websiteId, websiteId),
        eq(memberPlans.areaId, areaId),
        options.activeOnly ? eq(memberPlans.active, true) : undefined,
      ),
    )
    .orderBy(asc(memberPlans.position), asc(memberPlans.createdAt), asc(memberPlans.id));
  return { ok: true, value: rows };
}

export async function createPlan(
  db: Database,
  site: { id: string; currency: string },
  areaId: string,
  input: MemberPlanInput,
): Promise<Outcome<PlanRow>> {
  return asOutcome(() => {
    checkInput(input);
    return retryTransaction(db, async (tx) => {
      if (!(await areaOf(tx, site.id, areaId))) throw new Rejection('PLAN_AREA_NOT_FOUND');
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${memberPlans.position}), -1)::int` })
        .from(memberPlans)
        .where(eq(memberPlans.areaId, areaId));
      const [row] = await tx
        .insert(memberPlans)
        .values({
          websiteId: site.id,
          areaId,
          kind: input.kind,
          currency: site.currency,
          position: (last?.position ?? -1) + 1,
          ...columnsOf(input),
        })
        .returning();
      if (!row) throw new Error('insert into member_plans returned no row');
      return syncPaywallProduct(tx, row);
    });
  });
}

export async function updatePlan(
  db: Database,
  websiteId: string,
  planId: string,
  input: MemberPlanInput,
): Promise<Outcome<PlanRow>> {
  return asOutcome(() => {
    checkInput(input);
    return retryTransaction(db, async (tx) => {
      const current = await lockedPlan(tx, websiteId, planId);
      if (current.kind !== input.kind)
        throw new Rejection('PLAN_KIND_FIXED', undefined, undefined, {
          errors: { kind: MEMBER_PLAN_MESSAGES.kindFixed },
        });
      const [row] = await tx
        .update(memberPlans)
        .set(columnsOf(input))
        .where(eq(memberPlans.id, planId))
        .returning();
      if (!row) throw new Error('update of member_plans returned no row');
      return syncPaywallProduct(tx, row);
    });
  });
}

/** No longer offered: nobody joins it any more; its members keep their access (and renewals). */
export async function archivePlan(
  db: Database,
  websiteId: string,
  planId: string,
): Promise<Outcome<PlanRow>> {
  return asOutcome(() =>
    retryTransaction(db, async (tx) => {
      await lockedPlan(tx, websiteId, planId);
      const [row] = await tx
        .update(memberPlans)
        .set({ active: false })
        .where(eq(memberPlans.id, planId))
        .returning();
      if (!row) throw new Error('update of member_plans returned no row');
      return row;
    }),
  );
}

/**
 * The plan's paywall product, made on first need and kept at the plan's name and price. A free
 * plan has none (nothing is sold). Answers the plan row with its item and SKU.
 */
export async function syncPaywallProduct(tx: Tx, plan: PlanRow): Promise<PlanRow> {
  if (plan.kind === 'free') return plan;
  if (plan.itemId && plan.sku) {
    await tx
      .update(items)
      .set({ title: plan.name })
      .where(and(eq(items.websiteId, plan.websiteId), eq(items.id, plan.itemId)));
    await tx
      .update(variants)
      .set({ priceCents: plan.priceCents })
      .where(and(eq(variants.websiteId, plan.websiteId), eq(variants.sku, plan.sku)));
    return plan;
  }
  const { itemId, sku } = await addHiddenProduct(tx, plan.websiteId, MEMBERSHIPS_STORE, {
    urlId: `plan-${plan.id}`,
    title: plan.name,
    productType: ProductType.PAYWALL,
    sku: `PLAN-${plan.id}`.slice(0, 64),
    priceMinor: plan.priceCents,
  });
  const [row] = await tx
    .update(memberPlans)
    .set({ itemId, sku })
    .where(eq(memberPlans.id, plan.id))
    .returning();
  if (!row) throw new Error('update of member_plans returned no row');
  return row;
}

/** The plan a paywall product sells, on this site. */
export async function planOfItem(
  db: Database | Tx,
  websiteId: string,
  itemId: string,
): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(memberPlans)
    .where(and(eq(memberPlans.websiteId, websiteId), eq(memberPlans.itemId, itemId)));
  return row ?? null;
}
