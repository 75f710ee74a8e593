import { z } from 'zod';
import { order, shippingAddress } from './checkout';
import { cursor, id, money, okBody, visitorEmail } from './common';
import { API_MESSAGES } from './messages';

/**
 * The checkout's shipping address, reused as is: an address saved on the account is one the
 * checkout accepts (same fields, limits and messages).
 */
export const accountAddressFields = shippingAddress;

/** A new account's password: the same length rules as an owner's (services/owner/create-owner.ts). */
export const ACCOUNT_PASSWORD = { min: 10, max: 1024 } as const;

const newPassword = z
  .string({ message: API_MESSAGES.accountPasswordShort })
  .min(ACCOUNT_PASSWORD.min, API_MESSAGES.accountPasswordShort)
  .max(ACCOUNT_PASSWORD.max, API_MESSAGES.accountPasswordLong)
  .refine((p) => p.trim().length > 0, API_MESSAGES.accountPasswordShort);

/** One line of the order history. */
export const accountOrderSummary = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  status: z.string(),
  testMode: z.boolean(),
  createdOn: z.number(),
  grandTotalCents: z.number().int(),
  grandTotal: money,
  itemCount: z.number().int(),
});

/** An order as its buyer reads it on the account page: the order plus where it is. */
export const accountOrder = order.extend({
  shippingAddress: z.record(z.string(), z.string()).nullable(),
  trackingNumber: z.string().nullable(),
  trackingCarrier: z.string().nullable(),
  paidOn: z.number().nullable(),
  fulfilledOn: z.number().nullable(),
  canceledOn: z.number().nullable(),
});

export const savedAddress = z.object({
  id: z.string(),
  address: accountAddressFields,
  isDefault: z.boolean(),
  createdOn: z.number(),
});

const addressBody = z.object({
  address: accountAddressFields,
  /** The address offered first (one per account: setting it clears the others). */
  isDefault: z.boolean().optional().default(false),
});

/**
 * A visitor's own account: create it, read its orders, keep its addresses. Every
 * route but the creation needs the signed-in session (401 otherwise).
 */
export const customerAccountRoutes = {
  'POST /api/site-users/account': {
    summary: 'Create an account and sign in (the guest cart joins it, as at sign-in)',
    status: 201,
    body: z.object({
      email: visitorEmail,
      password: newPassword,
      rememberMe: z.boolean().optional().default(false),
    }),
    response: z.object({ xsrfToken: z.string() }),
  },
  'GET /api/site-users/account': {
    summary: 'The signed-in account',
    response: z.object({ id: z.string(), email: z.string(), isOwner: z.boolean() }),
  },
  'GET /api/site-users/account/orders': {
    summary: 'The signed-in account’s orders, newest first',
    querystring: z.object({ cursor }),
    response: z.object({
      orders: z.array(accountOrderSummary),
      hasNextPage: z.boolean(),
      nextPageCursor: z.string().nullable(),
    }),
  },
  'GET /api/site-users/account/orders/:id': {
    summary: 'One of the signed-in account’s orders (another account’s is not found)',
    params: z.object({ id }),
    response: z.object({ order: accountOrder }),
  },
  'GET /api/site-users/account/addresses': {
    summary: 'The signed-in account’s saved addresses, the default first',
    response: z.object({ addresses: z.array(savedAddress) }),
  },
  'POST /api/site-users/account/addresses': {
    summary: 'Save an address on the account',
    status: 201,
    body: addressBody,
    response: z.object({ address: savedAddress }),
  },
  'PUT /api/site-users/account/addresses/:id': {
    summary: 'Change a saved address',
    params: z.object({ id }),
    body: addressBody,
    response: z.object({ address: savedAddress }),
  },
  'DELETE /api/site-users/account/addresses/:id': {
    summary: 'Delete a saved address',
    params: z.object({ id }),
    response: okBody,
  },
} as const;
