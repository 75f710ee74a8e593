import { z } from 'zod';

/**
 * Donations (spec block 52, pages 203 and 204): a visitor reads a donation form's published
 * settings, gives an amount (typed in major units, checked by the server against the form;
 * the browser never names a price) that goes into their cart as one line, then pays at
 * checkout. The owner lists donations, sees their totals apart from sales, and words the receipt.
 */

const campaignId = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const frequency = z.enum(['once', 'monthly', 'yearly']);
const minor = z.number().int().nonnegative();

export const donationCampaign = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  buttonText: z.string(),
  currency: z.string(),
  suggestedAmounts: z.array(minor),
  allowCustom: z.boolean(),
  minMinor: minor,
  maxMinor: minor,
  frequencies: z.array(frequency),
});

const donationEntry = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  amountMinor: minor,
  currency: z.string(),
  frequency,
  renewal: z.boolean(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  donorEmail: z.string(),
  testMode: z.boolean(),
  createdAt: z.string(),
});

export const donationTotals = z.object({
  currency: z.string(),
  totalMinor: minor,
  count: minor,
  recurringDonors: minor,
});

const settings = z.object({
  organisationName: z.string(),
  /** What receipts print when no name is saved: the site's title. */
  organisationNameShown: z.string(),
  receiptNote: z.string(),
  currency: z.string(),
});

export const donationRoutes = {
  'GET /api/donations/campaigns/:campaignId': {
    summary: 'A published donation form’s amounts, limits and frequencies',
    params: z.object({ campaignId }),
    response: donationCampaign,
  },
  'POST /api/donations': {
    summary: 'Give: the checked amount goes into the visitor’s cart as one donation line, paid at /checkout',
    body: z
      .object({
        campaignId,
        /** As the donor typed it, in major units ("25", "25.50"); checked by the server. */
        amount: z.union([z.string().max(40), z.number()]),
        frequency: z.string().max(20).optional(),
        cartToken: z.string().max(200).optional(),
      })
      .strict(),
    response: z.object({
      campaignId: z.string(),
      amountMinor: minor,
      frequency,
      checkoutPath: z.string(),
    }),
  },
  'GET /api/donations/orders/:orderId': {
    summary: 'The donor’s thank-you page (204): what their order gave, read with the order’s token',
    params: z.object({ orderId: z.string().max(64) }),
    querystring: z.object({ token: z.string().max(200) }),
    response: z.object({
      orderNumber: z.number().int(),
      email: z.string(),
      organisationName: z.string(),
      paidAt: z.string(),
      date: z.string(),
      totalMinor: minor,
      currency: z.string(),
      donations: z.array(
        z.object({ amountMinor: minor, frequency, campaignTitle: z.string(), renewal: z.boolean() }),
      ),
    }),
  },
  'GET /api/studio/donations': {
    summary: 'Owner: donations, newest first, and their totals apart from sales',
    querystring: z.object({
      before: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
    response: z.object({
      /** true: the totals are test-mode donations (the store has taken no live payment yet). */
      testMode: z.boolean(),
      totals: z.array(donationTotals),
      donations: z.array(donationEntry),
    }),
  },
  'GET /api/studio/donations/settings': {
    summary: 'Owner: the donation receipt’s organisation name and tax-receipt wording',
    response: settings,
  },
  'PUT /api/studio/donations/settings': {
    summary: 'Owner: change the donation receipt’s organisation name and tax-receipt wording',
    body: z.object({ organisationName: z.string().max(200), receiptNote: z.string().max(2000) }).strict(),
    response: settings,
  },
} as const;
