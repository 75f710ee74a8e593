import { z } from 'zod';
import { cursor, id, idempotencyHeaders, visitorEmail } from './common';

const page = { hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() };
const search = z.string().trim().max(200).optional();

/** The largest card issued by hand, in minor units (a million in two-digit currencies). */
export const GIFT_CARD_MAX_CENTS = 100_000_000;
export const giftCardLimits = { message: 500, name: 100 } as const;

export const GIFT_CARD_STATUSES = ['ACTIVE', 'USED', 'DISABLED'] as const;

/**
 * A gift card as the owner reads it. `code` is the whole code only for those who may read
 * mail secrets (the owner and admins); everyone else gets `•••• 1A2B` and `last4`.
 */
export const ownerGiftCard = z.object({
  id: z.string(),
  code: z.string(),
  last4: z.string(),
  initialCents: z.number().int(),
  balanceCents: z.number().int(),
  currency: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  recipientEmail: z.string().nullable(),
  /** Issued by hand in the studio (else bought in an order). */
  issuedByHand: z.boolean(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});

/** Issue a gift card by hand: the amount in the store currency's minor units, mailed to the recipient. */
export const issueGiftCardBody = z.object({
  amountCents: z
    .number({ message: 'Enter an amount.' })
    .int('Enter the amount in whole minor units (cents).')
    .min(1, 'Enter an amount above zero.')
    .max(GIFT_CARD_MAX_CENTS, 'That amount is too large for one gift card.'),
  email: visitorEmail,
  name: z.string().trim().max(giftCardLimits.name).optional(),
  message: z
    .string()
    .trim()
    .max(giftCardLimits.message, `The message can be at most ${giftCardLimits.message} characters.`)
    .optional(),
});

/** A customer: everyone who ordered (by e-mail, any case) or has an account on the site. */
export const ownerCustomer = z.object({
  /** An opaque id for the detail route (no e-mail in any URL or log line). */
  id: z.string(),
  email: z.string(),
  name: z.string(),
  orders: z.number().int(),
  totalSpentCents: z.number().int(),
  currency: z.string(),
  lastOrderAt: z.string().nullable(),
  hasAccount: z.boolean(),
});

export const CUSTOMER_SORTS = ['lastOrder', 'totalSpent'] as const;
const customerQuery = z.object({
  q: search,
  sort: z
    .enum(CUSTOMER_SORTS, { message: 'sort must be lastOrder or totalSpent.' })
    .optional()
    .default('lastOrder'),
});

/** The owner's store screens beyond orders: customers and gift cards. */
export const ownerStoreRoutes = {
  'GET /api/owner/customers': {
    summary: 'Owner: customers, by last order or total spent (highest first); search by name or e-mail',
    querystring: customerQuery.extend({ cursor }),
    response: z.object({ customers: z.array(ownerCustomer), ...page }),
  },
  'GET /api/owner/customers/export.csv': {
    summary: 'Owner: the customers as CSV (streamed; e-mail, name, orders, total spent, last order, account)',
    querystring: customerQuery,
    response: z.string(),
  },
  'GET /api/owner/customers/:customerId': {
    summary: 'Owner: one customer with their orders (newest first) and addresses',
    params: z.object({ customerId: z.string().regex(/^[0-9a-f]{32}$/, 'That customer does not exist.') }),
    response: z.object({
      customer: ownerCustomer.extend({ accountCreatedAt: z.string().nullable() }),
      orders: z.array(
        z.object({
          id: z.string(),
          orderNumber: z.number().int(),
          status: z.string(),
          grandTotalCents: z.number().int(),
          currency: z.string(),
          createdAt: z.string(),
        }),
      ),
      addresses: z.array(
        z.object({
          address: z.record(z.string(), z.string()),
          source: z.enum(['account', 'order']),
          isDefault: z.boolean(),
        }),
      ),
    }),
  },
  'GET /api/owner/gift-cards': {
    summary: 'Owner: gift cards, newest first (codes masked but for the owner and admins)',
    querystring: z.object({ status: z.enum(GIFT_CARD_STATUSES).optional(), cursor }),
    response: z.object({
      giftCards: z.array(ownerGiftCard),
      /** The store currency (what a card issued by hand is in). */
      currency: z.string(),
      fullCodes: z.boolean(),
      ...page,
    }),
  },
  'POST /api/owner/gift-cards/lookup': {
    summary: 'Owner: a gift card’s balance by its code (sent in the body, never in a URL)',
    body: z.object({ code: z.string().trim().min(1, 'Enter a gift card code.').max(64) }),
    response: z.object({ giftCard: ownerGiftCard }),
  },
  'POST /api/owner/gift-cards': {
    summary:
      'Owner: issue a gift card by hand and mail it to the recipient (Idempotency-Key makes a retry safe)',
    status: 201,
    headers: idempotencyHeaders,
    body: issueGiftCardBody,
    response: z.object({ giftCard: ownerGiftCard }),
  },
  'POST /api/owner/gift-cards/:giftCardId/disable': {
    summary: 'Owner: disable a gift card: it pays for nothing from now on',
    params: z.object({ giftCardId: id }),
    response: z.object({ giftCard: ownerGiftCard }),
  },
} as const;
