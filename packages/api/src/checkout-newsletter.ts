import { z } from 'zod';
import { id } from './common';
import { MAILING_LIST_MESSAGES } from './mailing-lists';

/**
 * Store settings → Newsletter at checkout: a "Keep me posted" box on the checkout page, which
 * joins the buyer's e-mail to the chosen mailing list once the order is placed. The list
 * messages are the spec's (MAILING_LIST_MESSAGES); the server answers with the same words.
 */
export const CHECKOUT_NEWSLETTER_MESSAGES = {
  listRequired: MAILING_LIST_MESSAGES.listRequired,
  noLists: MAILING_LIST_MESSAGES.noLists,
  listNotFound: MAILING_LIST_MESSAGES.notFound,
  label: 'The checkbox label must be 1 to 200 characters.',
} as const;

/** The box's words until the owner writes their own. */
export const CHECKOUT_NEWSLETTER_DEFAULT_LABEL = 'Keep me posted with news and offers';
export const CHECKOUT_NEWSLETTER_LABEL_MAX = 200;

const label = z
  .string()
  .trim()
  .min(1, CHECKOUT_NEWSLETTER_MESSAGES.label)
  .max(CHECKOUT_NEWSLETTER_LABEL_MAX, CHECKOUT_NEWSLETTER_MESSAGES.label);

export const checkoutNewsletterSettings = z.object({
  /** The box shows on the checkout page (only with a list). Off by default. */
  enabled: z.boolean(),
  /** The list a ticked box joins; null until chosen (and again when that list is deleted). */
  listId: id.nullable(),
  label,
});
export type CheckoutNewsletterSettings = z.output<typeof checkoutNewsletterSettings>;

const settingsView = checkoutNewsletterSettings.extend({
  /** The site's lists to choose from (none: 'no mailing lists, create one first'). */
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CheckoutNewsletterView = z.output<typeof settingsView>;

/** What the checkout page gets in its island data: the box's words, or null when it is off. */
export const checkoutNewsletterBox = z.object({ label: z.string() }).nullable();

export const checkoutNewsletterRoutes = {
  'GET /api/studio/commerce/checkout-newsletter': {
    summary:
      "Owner: checkout's newsletter box (on/off, the list it joins, its words) and the lists to pick from",
    response: settingsView,
  },
  'PUT /api/studio/commerce/checkout-newsletter': {
    summary:
      "Owner: change checkout's newsletter box; on needs one of the site's lists ('A List must be selected')",
    body: z.object({
      enabled: z.boolean().optional(),
      listId: id.nullable().optional(),
      label: label.optional(),
    }),
    response: settingsView,
  },
} as const;
