import { z } from 'zod';
import { shippingAddress } from './checkout';
import { cursor, id, idempotencyHeaders } from './common';

/** What a refused subscription change says (server reasons.ts maps each reason to one of these). */
export const SUBSCRIPTION_MESSAGES = {
  notFound: 'We could not find that subscription.',
  notPausable: 'Only an active subscription can be paused; this one is {status}.',
  notPaused: 'This subscription is not paused; it is {status}.',
  ended: 'This subscription has ended.',
  addressInvalid: 'This address is not valid.',
  cardRefused: 'The card could not be saved: {message}',
  renewalNotFound: 'This subscription has no such renewal order.',
} as const;

export const subscriptionStatus = z.enum(['active', 'past_due', 'paused', 'cancelled', 'ended']);

/** A subscription as its customer and the owner read it (money in minor units). */
export const subscriptionView = z.object({
  id: z.string(),
  kind: z.enum(['product', 'plan', 'donation']),
  status: subscriptionStatus,
  email: z.string(),
  productName: z.string(),
  itemId: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** "$12.00 every month" (@store/commerce's subscription wording). */
  priceText: z.string(),
  periodUnit: z.enum(['WEEK', 'MONTH', 'YEAR']),
  periodValue: z.number().int(),
  numBillingCycles: z.number().int(),
  cyclesDone: z.number().int(),
  nextBillingAt: z.number().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  endsAt: z.number().nullable(),
  pausedAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  paymentMethodLabel: z.string().nullable(),
  shippingAddress: z.record(z.string(), z.string()).nullable(),
  failedAttempts: z.number().int(),
  nextRetryAt: z.number().nullable(),
  firstOrderId: z.string().nullable(),
  testMode: z.boolean(),
  createdOn: z.number(),
});

const upcomingCharge = z.object({
  dueAt: z.number(),
  amountCents: z.number().int(),
  cycle: z.number().int(),
});

const cycleView = z.object({
  cycle: z.number().int(),
  dueAt: z.number(),
  state: z.string(),
  attempts: z.number().int(),
  amountCents: z.number().int(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  orderStatus: z.string().nullable(),
  refundedCents: z.number().int(),
  lastError: z.string().nullable(),
});

export const subscriptionDetail = z.object({
  subscription: subscriptionView,
  cycles: z.array(cycleView),
  events: z.array(
    z.object({
      kind: z.string(),
      actor: z.string(),
      detail: z.record(z.string(), z.unknown()),
      createdOn: z.number(),
    }),
  ),
  upcoming: z.array(upcomingCharge),
  /** The site's time zone: dates are shown there. */
  timeZone: z.string(),
});

const params = z.object({ id });
const answer = z.object({ subscription: subscriptionView, timeZone: z.string() });
const cancelBody = z.object({ when: z.enum(['now', 'period_end']) });
/** The card form's result: a test-mode token, or a Stripe PaymentMethod id. */
const cardBody = z.object({ token: z.string().min(1).max(255) });
const upcomingQuery = z.object({ count: z.coerce.number().int().min(1).max(24).optional().default(6) });
const upcomingAnswer = z.object({
  charges: z.array(upcomingCharge),
  currency: z.string(),
  timeZone: z.string(),
});

/**
 * Subscriptions after checkout: the signed-in customer's own (their account page), and the
 * owner's (the studio, Commerce → Subscriptions). Another account's or site's is not found.
 */
export const subscriptionRoutes = {
  'GET /api/site-users/account/subscriptions': {
    summary: 'The signed-in account’s subscriptions, newest first',
    response: z.object({ subscriptions: z.array(subscriptionView), timeZone: z.string() }),
  },
  'GET /api/site-users/account/subscriptions/:id/upcoming': {
    summary: 'The next charges of one of the account’s subscriptions (dates and amounts)',
    params,
    querystring: upcomingQuery,
    response: upcomingAnswer,
  },
  'POST /api/site-users/account/subscriptions/:id/pause': {
    summary: 'Pause: nothing is charged (and a member plan’s areas close) until resumed',
    params,
    response: answer,
  },
  'POST /api/site-users/account/subscriptions/:id/resume': {
    summary: 'Resume: billed again from the next date of its calendar after now',
    params,
    response: answer,
  },
  'POST /api/site-users/account/subscriptions/:id/cancel': {
    summary: 'Cancel now, or at the end of the period paid for',
    params,
    body: cancelBody,
    response: answer,
  },
  'PUT /api/site-users/account/subscriptions/:id/address': {
    summary: 'Change where the next deliveries go',
    params,
    body: z.object({ address: shippingAddress }),
    response: answer,
  },
  'PUT /api/site-users/account/subscriptions/:id/card': {
    summary: 'Charge another card from now on (a past-due subscription is retried soon after)',
    params,
    body: cardBody,
    response: answer,
  },
  'GET /api/commerce/subscriptions': {
    summary: 'Owner: subscriptions, newest first; filter by status, search by e-mail',
    querystring: z.object({
      cursor,
      q: z.string().trim().max(200).optional(),
      status: subscriptionStatus.optional(),
    }),
    response: z.object({
      subscriptions: z.array(subscriptionView),
      hasNextPage: z.boolean(),
      nextPageCursor: z.string().nullable(),
      timeZone: z.string(),
    }),
  },
  'GET /api/commerce/subscriptions/:id': {
    summary: 'Owner: one subscription with its billing cycles (and their orders) and history',
    params,
    response: subscriptionDetail,
  },
  'POST /api/commerce/subscriptions/:id/pause': {
    summary: 'Owner: pause a subscription',
    params,
    response: subscriptionDetail,
  },
  'POST /api/commerce/subscriptions/:id/resume': {
    summary: 'Owner: resume a subscription',
    params,
    response: subscriptionDetail,
  },
  'POST /api/commerce/subscriptions/:id/cancel': {
    summary: 'Owner: cancel a subscription now or at the period end',
    params,
    body: cancelBody,
    response: subscriptionDetail,
  },
  'POST /api/commerce/subscriptions/:id/cycles/:cycle/refund': {
    summary: 'Owner: refund one renewal’s order in full (repeating it changes nothing)',
    params: z.object({ id, cycle: z.coerce.number().int().min(1).max(100_000) }),
    headers: idempotencyHeaders,
    response: subscriptionDetail,
  },
} as const;
