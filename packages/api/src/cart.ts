import { z } from 'zod';
import { cartToken, countryCode, id, legacyMoney, money as moneyObject, visitorEmail } from './common';

/** An option the cart offers (zones matched to its location); `costCents` is its cost for this cart. */
const shippingOption = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  costCents: z.number().int(),
});
const coupon = z.object({ code: z.string(), type: z.enum(['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING']) });
/** A money object: `{ value, currency }`, or the legacy `{ decimalValue, currencyCode }` (spec §3). */
const money = z.union([moneyObject, legacyMoney]);

/** Who receives a gift card line (else the buyer): mailed the code with the sender's message. */
export const giftRecipient = z.object({
  email: visitorEmail,
  name: z.string().trim().max(100).optional(),
  senderName: z.string().trim().max(100).optional(),
  message: z.string().trim().max(500, 'The message can be at most 500 characters.').optional(),
});

/** A gift card applied to the cart: the code masked to its last 4, and what it covers. */
const appliedGiftCard = z.object({
  code: z.string(),
  last4: z.string(),
  appliedCents: z.number().int(),
  balanceCents: z.number().int(),
});

/** One cart line (spec §3 cart entry). */
export const cartLine = z.object({
  id: z.string(),
  itemId: z.string(),
  chosenVariant: z.object({ sku: z.string(), attributes: z.record(z.string(), z.string()) }),
  quantity: z.number().int(),
  title: z.string(),
  subTotal: z.number().int(),
  purchasePriceCents: z.number().int(),
  additionalFields: z.string().nullable(),
  productType: z.number().int(),
});

/** A cart line with the display fields the cart page needs. */
export const cartEntry = cartLine.extend({
  imageUrl: z.string().nullable(),
  fullUrl: z.string(),
  variantId: z.string(),
  unlimited: z.boolean(),
  qtyInStock: z.number().int(),
  giftRecipient: giftRecipient.nullable().optional(),
});

/** The shopping cart (spec §3), money in integer minor units. */
export const shoppingCart = z.object({
  id: z.string(),
  token: z.string().nullable(),
  websiteId: z.string(),
  entries: z.array(cartEntry),
  shippingOptions: z.array(shippingOption),
  selectedShippingOption: shippingOption.nullable(),
  shippingLocation: z
    .object({ country: z.string(), region: z.string().optional(), postalCode: z.string().optional() })
    .nullable(),
  coupons: z.array(coupon),
  validCoupons: z.array(coupon),
  invalidCoupons: z.array(z.object({ coupon, code: z.string(), message: z.string() })),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  /** The part of taxCents already inside the prices (VAT-style rules): shown, not added to the total. */
  includedTaxCents: z.number().int(),
  shippingCostCents: z.number().int(),
  discountCents: z.number().int(),
  grandTotalCents: z.number().int(),
  totalQuantity: z.number().int(),
  hasDigital: z.boolean(),
  purelyDigital: z.boolean(),
  requiresShipping: z.boolean(),
  currency: z.string(),
  subtotalAmount: money,
  /** Gift cards applied (checked and charged at checkout); `amountDueCents` is left to pay. */
  giftCards: z.array(appliedGiftCard),
  giftCardCents: z.number().int(),
  amountDueCents: z.number().int(),
  giftCardNotice: z.string().nullable(),
});

export const cartResponse = z.object({ shoppingCart: shoppingCart });

const quantity = z.union([z.number(), z.string().max(32)]);
/** additionalFields travel as a JSON string of an object (spec §7). */
const additionalFields = z.string().max(20_000);

export const cartRoutes = {
  'GET /api/commerce/shopping-cart': {
    summary: 'The visitor’s cart (empty when there is none)',
    querystring: z.object({ calculateSubtotal: z.string().max(8).optional() }),
    response: shoppingCart,
  },
  'POST /api/commerce/shopping-cart/entries': {
    summary: 'Add a product variant to the cart',
    body: z.object({
      itemId: id,
      sku: z.string().max(128).nullable().optional(),
      quantity: quantity.optional(),
      additionalFields: additionalFields.nullable().optional(),
      chosenOptions: z.record(z.string().max(200), z.string().max(200)).optional(),
    }),
    response: z.object({ shoppingCart, newlyAdded: cartLine }),
  },
  'PATCH /api/commerce/shopping-cart/entries/:entryId': {
    summary: 'Change a line’s quantity (1–9999, within stock)',
    params: z.object({ entryId: id }),
    body: z.object({ quantity }),
    response: cartResponse,
  },
  'DELETE /api/commerce/shopping-cart/entries/:entryId': {
    summary: 'Remove a line',
    params: z.object({ entryId: id }),
    response: cartResponse,
  },
  'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields': {
    summary: 'Replace a line’s additional form answers',
    params: z.object({ entryId: id }),
    body: z.object({
      itemId: id.optional(),
      sku: z.string().max(128).nullable().optional(),
      additionalFields,
    }),
    response: z.object({ shoppingCart, updatedEntry: cartLine }),
  },
  'PUT /api/commerce/shopping-cart/shipping-option': {
    summary: 'Choose a shipping option',
    body: z.object({ shippingOptionId: id }),
    response: cartResponse,
  },
  'PUT /api/commerce/shopping-cart/shipping-location': {
    summary: 'Set where the order ships (taxes and shipping follow)',
    body: z.object({
      country: countryCode,
      region: z.string().max(64).optional(),
      postalCode: z.string().max(32).optional(),
    }),
    response: cartResponse,
  },
  'POST /api/commerce/shopping-cart/coupons': {
    summary: 'Apply a coupon code',
    body: z.object({ code: z.string().trim().min(1).max(64) }),
    response: cartResponse,
  },
  'DELETE /api/commerce/shopping-cart/coupons/:code': {
    summary: 'Remove a coupon code',
    params: z.object({ code: z.string().min(1).max(64) }),
    response: cartResponse,
  },
  'POST /api/3/commerce/cart/subscription': {
    summary: 'Start a subscription cart for one product; answers its cart token',
    body: z.object({
      itemId: id,
      sku: z.string().max(128).nullable().optional(),
      qty: quantity.optional(),
      additionalFields: additionalFields.nullable().optional(),
    }),
    response: z.object({ cartToken: z.string() }),
  },
  'GET /api/3/commerce/cart/subscription': {
    summary: 'The subscription cart behind a token (the subscription checkout shows it)',
    querystring: z.object({
      cartToken,
    }),
    response: z.object({ shoppingCart }),
  },
  'GET /api/commerce/inventory/stock/': {
    summary: 'Stock per variant of up to 50 items',
    querystring: z.object({ itemId: z.union([id, z.array(id).max(50)]) }),
    response: z.object({
      results: z.array(
        z.object({
          itemId: z.string(),
          sku: z.string(),
          variantId: z.string(),
          unlimited: z.boolean(),
          qtyInStock: z.number().int(),
        }),
      ),
    }),
  },
} as const;
