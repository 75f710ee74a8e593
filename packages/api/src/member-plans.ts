import { z } from 'zod';
import { id } from './common';

/**
 * Member plans: the prices at which a member area is joined (free, one-off, recurring with an
 * optional trial). The owner edits them under /api/studio/members (each paid plan is sold as
 * its paywall product, spec product type 5, in the site's hidden "Memberships" store); visitors
 * read an area's plans and join under /api/members.
 */

export const MEMBER_PLAN_MESSAGES = {
  name: 'Give the plan a name (at most 120 characters).',
  freeHasNoPrice: 'A free plan has no price: choose one-off or recurring to charge for it.',
  priceRequired: 'A paid plan needs a price above zero.',
  periodRequired: 'Choose how often a recurring plan is charged (every 1 to 52 weeks, months or years).',
  trialOnlyRecurring: 'Only a recurring plan can start with a free trial.',
  trialNotOffered:
    'Free trials are not offered yet: a member pays the first period when joining. Set the trial to 0 days.',
  cyclesOnlyRecurring: 'Only a recurring plan is charged a number of times.',
  kindFixed: 'A plan’s kind cannot change once it is made: archive it and add another.',
  planNotFound: 'That plan was not found.',
  areaNotFound: 'That member area was not found.',
  planClosed: 'This plan is no longer offered. Please choose another plan.',
  signInToJoin: 'Please sign in or create an account to join.',
  alreadyMember: 'You are already a member of this area.',
} as const;

export const MEMBER_PLAN_KINDS = ['free', 'one_off', 'recurring'] as const;
export type MemberPlanKindCode = (typeof MEMBER_PLAN_KINDS)[number];
export const BILLING_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;

export const memberPlanLimits = {
  name: 120,
  description: 1000,
  /** 1 000 000.00 in minor units. */
  priceCents: 100_000_000,
  periodValue: 52,
  numBillingCycles: 1000,
  trialDays: 365,
} as const;

const whole = (max: number) => z.number().int().min(0).max(max);

/** What the owner sends for a plan (the kind is fixed once the plan is made). */
export const memberPlanInput = z.object({
  name: z
    .string({ message: MEMBER_PLAN_MESSAGES.name })
    .trim()
    .min(1, MEMBER_PLAN_MESSAGES.name)
    .max(120, MEMBER_PLAN_MESSAGES.name),
  description: z.string().trim().max(memberPlanLimits.description).default(''),
  kind: z.enum(MEMBER_PLAN_KINDS),
  priceCents: whole(memberPlanLimits.priceCents).default(0),
  periodUnit: z.enum(BILLING_UNITS).nullish(),
  periodValue: z.number().int().min(1).max(memberPlanLimits.periodValue).nullish(),
  numBillingCycles: whole(memberPlanLimits.numBillingCycles).default(0),
  trialDays: whole(memberPlanLimits.trialDays).default(0),
  active: z.boolean().default(true),
});
export type MemberPlanInput = z.infer<typeof memberPlanInput>;

/**
 * The rules between a plan's fields, field → message (empty when the plan is sound). The
 * studio shows them as the owner types; the server refuses a plan that breaks one (400).
 */
export function memberPlanProblems(plan: {
  kind: MemberPlanKindCode;
  priceCents: number;
  periodUnit?: string | null;
  periodValue?: number | null;
  numBillingCycles: number;
  trialDays: number;
}): Record<string, string> {
  const out: Record<string, string> = {};
  if (plan.kind === 'free' && plan.priceCents !== 0) out.priceCents = MEMBER_PLAN_MESSAGES.freeHasNoPrice;
  if (plan.kind !== 'free' && plan.priceCents <= 0) out.priceCents = MEMBER_PLAN_MESSAGES.priceRequired;
  if (plan.kind === 'recurring' && (!plan.periodUnit || !plan.periodValue))
    out.periodValue = MEMBER_PLAN_MESSAGES.periodRequired;
  if (plan.kind !== 'recurring' && plan.trialDays > 0)
    out.trialDays = MEMBER_PLAN_MESSAGES.trialOnlyRecurring;
  // Checkout charges the first period with the order and cannot yet keep a card without a
  // charge, so a trial would be promised and not given.
  else if (plan.trialDays > 0) out.trialDays = MEMBER_PLAN_MESSAGES.trialNotOffered;
  if (plan.kind !== 'recurring' && plan.numBillingCycles > 0)
    out.numBillingCycles = MEMBER_PLAN_MESSAGES.cyclesOnlyRecurring;
  return out;
}

export const memberPlan = z.object({
  id: z.string(),
  areaId: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(MEMBER_PLAN_KINDS),
  priceCents: z.number().int(),
  currency: z.string(),
  periodUnit: z.enum(BILLING_UNITS).nullable(),
  periodValue: z.number().int().nullable(),
  numBillingCycles: z.number().int(),
  trialDays: z.number().int(),
  active: z.boolean(),
  position: z.number().int(),
  /** The paywall product checkout sells (paid plans). */
  itemId: z.string().nullable(),
  /** "Free", "$49.00 once", "$10.00 every month after a 7-day free trial". */
  priceText: z.string(),
});
export type MemberPlan = z.infer<typeof memberPlan>;

/** An area as a visitor sees it on the pricing-plan and member-area blocks and the join page. */
export const memberAreaOffer = z.object({
  area: z.object({ id: z.string(), name: z.string(), slug: z.string(), description: z.string() }),
  plans: z.array(memberPlan.omit({ itemId: true, active: true, position: true })),
  signedIn: z.boolean(),
  /** The visitor has access now. */
  member: z.boolean(),
  joinPath: z.string(),
  /** Where a member goes in: the area's first unlocked page, else its join page. */
  enterPath: z.string(),
});
export type MemberAreaOffer = z.infer<typeof memberAreaOffer>;

const areaParams = z.object({ areaId: id });
const planParams = z.object({ planId: id });

export const memberPlanRoutes = {
  'GET /api/studio/members/areas/:areaId/plans': {
    summary: 'Member plans: the plans of an area, archived ones too',
    params: areaParams,
    response: z.object({ plans: z.array(memberPlan), currency: z.string() }),
  },
  'POST /api/studio/members/areas/:areaId/plans': {
    summary: 'Member plans: add a plan (a paid plan gets its paywall product in the Memberships store)',
    params: areaParams,
    body: memberPlanInput,
    response: memberPlan,
    status: 201,
  },
  'PUT /api/studio/members/plans/:planId': {
    summary: 'Member plans: change a plan (its paywall product follows its name and price)',
    params: planParams,
    body: memberPlanInput,
    response: memberPlan,
  },
  'POST /api/studio/members/plans/:planId/archive': {
    summary: 'Member plans: stop offering a plan (its members keep their access)',
    params: planParams,
    response: memberPlan,
  },
  'GET /api/members/areas/:area': {
    summary: 'Members: an area’s plans and whether the visitor is a member (area id or slug)',
    params: z.object({ area: z.string().min(1).max(120) }),
    response: memberAreaOffer,
  },
  'POST /api/members/plans/:planId/join': {
    summary:
      'Members: join a plan. A free plan joins at once (signed in); a paid plan’s product goes into the cart for /checkout',
    params: planParams,
    response: z.discriminatedUnion('next', [
      z.object({ next: z.literal('joined'), confirmedPath: z.string() }),
      z.object({ next: z.literal('checkout'), checkoutPath: z.string() }),
    ]),
  },
} as const;
