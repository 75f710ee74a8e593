import { z } from 'zod';
import { order } from './checkout';
import { cursor, id, idempotencyHeaders } from './common';

export const orderStatus = z.enum(['PENDING', 'PAID', 'FULFILLED', 'CANCELED', 'REFUNDED']);

const address = z.record(z.string(), z.string()).nullable();

/** What only the owner sees of an order: money state, tracking and the timeline. */
const ownerFields = {
  status: orderStatus,
  shippingAddress: address,
  giftCardCents: z.number().int(),
  /** What the payment provider charged (grand total less gift cards); refunds never exceed it. */
  chargedCents: z.number().int(),
  refundedCents: z.number().int(),
  couponCode: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingCarrier: z.string().nullable(),
  paidAt: z.number().nullable(),
  fulfilledAt: z.number().nullable(),
  canceledAt: z.number().nullable(),
  events: z.array(
    z.object({ kind: z.string(), detail: z.record(z.string(), z.unknown()), createdOn: z.number() }),
  ),
};

export const ownerOrder = order.extend(ownerFields);

/** Each refund made, as the buyer's order status page lists it. */
const refundMade = z.object({ amountCents: z.number().int(), createdOn: z.number() });

/**
 * The buyer's view (where the order stands: paid, fulfilled with tracking, refunds made),
 * with the owner's fields when the owner reads it.
 */
const orderRead = order.extend({
  ...z.object(ownerFields).partial().shape,
  refunds: z.array(refundMade).optional(),
});

const orderSummary = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  createdOn: z.number(),
  email: z.string(),
  status: orderStatus,
  testMode: z.boolean(),
  currency: z.string(),
  grandTotalCents: z.number().int(),
  refundedCents: z.number().int(),
  itemCount: z.number().int(),
  /** The order gave a donation: its donated amount counts under Donations, not sales. */
  donation: z.boolean().optional(),
});

const ownerAnswer = z.object({ order: ownerOrder });
const orderParams = z.object({ id });

/** Test card data as a checkout form sends it (the test-mode provider's tokenizer). */
export const testCard = z.object({
  number: z.string().max(64),
  expMonth: z.number(),
  expYear: z.number(),
  cvc: z.string().max(8),
  name: z.string().max(200).optional(),
});

export const orderRoutes = {
  'GET /api/commerce/orders': {
    summary: 'Owner: orders, newest first; search by number, e-mail or SKU, filter by status',
    querystring: z.object({
      cursor,
      q: z.string().trim().max(200).optional(),
      status: orderStatus.optional(),
    }),
    response: z.object({
      orders: z.array(orderSummary),
      hasNextPage: z.boolean(),
      nextPageCursor: z.string().nullable(),
    }),
  },
  'GET /api/commerce/orders/:id': {
    summary: 'One order: for the holder of its access token, or for the owner without one',
    params: orderParams,
    querystring: z.object({ token: id.optional() }),
    response: z.object({ order: orderRead }),
  },
  'POST /api/commerce/orders/:id/capture': {
    summary: 'Owner: take an authorised payment (PENDING → PAID)',
    params: orderParams,
    headers: idempotencyHeaders,
    response: ownerAnswer,
  },
  'POST /api/commerce/orders/:id/fulfill': {
    summary:
      'Owner: mark a paid order fulfilled (PAID → FULFILLED); an order that ships needs its tracking number',
    params: orderParams,
    body: z.object({
      trackingNumber: z.string().trim().max(100).optional(),
      carrier: z.string().trim().max(60).optional(),
    }),
    response: ownerAnswer,
  },
  'POST /api/commerce/orders/:id/cancel': {
    summary: 'Owner: cancel (PENDING or PAID → CANCELED): stock returned, payment and gift cards refunded',
    params: orderParams,
    headers: idempotencyHeaders,
    response: ownerAnswer,
  },
  'POST /api/commerce/orders/:id/refund': {
    summary: 'Owner: refund part or all of what was charged (all of it → REFUNDED)',
    params: orderParams,
    headers: idempotencyHeaders,
    body: z.object({
      amountCents: z.number().int('Enter whole cents.').positive('Enter an amount above zero.').optional(),
    }),
    response: ownerAnswer,
  },
  'POST /api/commerce/payments/test/tokens': {
    summary: 'Test mode: turn card data typed into the checkout form into a payment token',
    body: testCard,
    status: 201,
    documentsOnly: true,
    response: z.object({ token: z.string(), brand: z.string(), last4: z.string() }),
  },
} as const;
