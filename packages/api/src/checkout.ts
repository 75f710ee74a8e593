import { z } from 'zod';
import { countryCode, id } from './common';
import { orderDownload } from './downloads';

const text = (max: number) => z.string().trim().min(1, 'Required').max(max);

const money = z.object({ value: z.string(), currency: z.string() });

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

export const checkoutRoutes = {
  'POST /api/commerce/checkout': {
    summary: 'Pay for the cart and place the order',
    body: z.object({
      email: z.string().trim().max(256).email('Email is not valid.'),
      shippingAddress: z
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
        .optional(),
      shippingOptionId: id.optional(),
      payment: z.object({ provider: z.literal('test').optional(), token: z.string().min(1).max(128) }),
      /** A subscription cart's token (spec §7 subscription checkout), instead of the CART cookie. */
      cartToken: z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,64}$/)
        .optional(),
    }),
    response: z.object({ order, accessToken: z.string(), confirmationUrl: z.string() }),
  },
} as const;
