import { addressRegionErrors } from '@store/commerce';
import { z } from 'zod';
import { cartToken, countryCode, emailAddress, id, idempotencyHeaders, money } from './common';
import { orderDownload } from './downloads';

const text = (max: number) => z.string().trim().min(1, 'Required').max(max);

/**
 * A shipping address the store can ship to and tax: the fields, then `@store/commerce`'s
 * country rules (a region of the country where it has them, the country's postal format), the
 * same the checkout island and the account address book run.
 */
export const shippingAddress = z
  .object({
    firstName: text(100),
    lastName: text(100),
    address1: text(200),
    address2: z.string().trim().max(200).optional(),
    city: text(100),
    region: z.string().trim().max(64).optional(),
    postalCode: text(32),
    country: countryCode,
  })
  .superRefine((address, ctx) => {
    const errors = addressRegionErrors(address);
    if (errors.region) ctx.addIssue({ code: 'custom', path: ['region'], message: errors.region });
    if (errors.postalCode) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: errors.postalCode });
  });

/** An order (spec §3), money in integer minor units plus display money objects. */
export const order = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  status: z.string(),
  email: z.string(),
  currency: z.string(),
  testMode: z.boolean(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  /** The part of taxCents the prices already included (shown as "Tax (included)", not added). */
  includedTaxCents: z.number().int(),
  shippingCents: z.number().int(),
  discountCents: z.number().int(),
  grandTotalCents: z.number().int(),
  grandTotal: money,
  shippingTotal: money,
  taxTotal: money,
  shippingOptionName: z.string().nullable(),
  createdOn: z.number(),
  items: z.array(
    z.object({
      itemId: z.string(),
      sku: z.string(),
      productName: z.string(),
      variantDescription: z.string().nullable(),
      productType: z.number().int(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      unitPrice: money,
    }),
  ),
  giftCards: z.array(z.object({ code: z.string(), amount: money })),
  /** Signed, expiring links to the digital products bought (absent on older readers). */
  downloads: z.array(orderDownload).optional(),
});

const placed = z.object({ order, accessToken: z.string(), confirmationUrl: z.string() });

/**
 * A payment the provider has not finished (202): `action` — the buyer confirms it in the
 * provider's own window (3-D Secure) with `clientSecret`, then the page calls
 * `…/payments/:reservationId/complete`; `waiting` — the provider is still deciding, the
 * order follows by mail. Stock stays reserved meanwhile, for a bounded time.
 */
const paymentPending = z.object({
  payment: z.object({
    status: z.enum(['action', 'waiting']),
    reservationId: z.string(),
    clientSecret: z.string().optional(),
  }),
});

/** Placed (200), or the payment still pending (202). */
const checkoutAnswer = z.union([placed, paymentPending]);

/**
 * How the checkout page takes the card: the built-in test form, or Stripe's own card fields
 * (Stripe.js from `scriptUrl` with the site's publishable key; the number never reaches us).
 */
export const paymentConfig = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('test') }),
  z.object({
    provider: z.literal('stripe'),
    publishableKey: z.string(),
    livemode: z.boolean(),
    scriptUrl: z.string(),
  }),
]);
export type PaymentConfig = z.output<typeof paymentConfig>;

export const checkoutRoutes = {
  'POST /api/commerce/checkout': {
    summary: 'Pay for the cart and place the order',
    headers: idempotencyHeaders,
    body: z.object({
      email: emailAddress('Email is not valid.'),
      shippingAddress: shippingAddress.optional(),
      shippingOptionId: id.optional(),
      /**
       * `token`: the test card form's token, or the PaymentMethod id Stripe's own card fields
       * made (the card number never reaches this server).
       */
      payment: z.object({
        provider: z.enum(['test', 'stripe']).optional(),
        token: z.string().min(1).max(128),
      }),
      /**
       * The amount due the buyer was shown (the cart's `amountDueCents`), in minor units. When
       * the amount due is another at checkout (prices, gift card balances), nothing is ordered
       * or charged: 409 TOTAL_CHANGED with the new figures.
       */
      expectedTotal: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
      /** A subscription cart's token (spec §7 subscription checkout), instead of the CART cookie. */
      cartToken: cartToken.optional(),
      /**
       * The buyer ticked the checkout's "Keep me posted" box: once the order is placed, the
       * e-mail joins the store's chosen mailing list (ignored while the store has the box off).
       */
      newsletterOptIn: z.boolean().optional(),
    }),
    response: checkoutAnswer,
  },
  'POST /api/commerce/checkout/payments/:reservationId/complete': {
    summary: 'Finish a checkout after the buyer confirmed the payment with the provider (3-D Secure)',
    params: z.object({ reservationId: id }),
    response: checkoutAnswer,
  },
  'GET /api/commerce/payments/config': {
    summary: "How the checkout page takes the card: the site's payment provider and its public keys",
    response: paymentConfig,
  },
  'POST /api/commerce/payments/stripe/webhook': {
    summary: "Stripe's signed events about payments (checked with the site's webhook secret)",
    response: z.object({ received: z.boolean() }),
  },
} as const;
