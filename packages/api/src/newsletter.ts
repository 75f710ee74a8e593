import { UNSUBSCRIBE_TOKEN_PATTERN } from '@store/commerce';
import { z } from 'zod';
import { okBody, visitorEmail as email } from './common';
import { MAILING_LIST_MESSAGES } from './mailing-lists';
import { API_MESSAGES } from './messages';

/** When the popup shows: after a delay, once the page is scrolled so far, or when the pointer leaves. */
export const POPUP_TRIGGERS = ['delay', 'scroll', 'exit'] as const;
export const popupLimits = { title: 120, body: 1000, buttonLabel: 40, imageUrl: 2048 } as const;

/** A media library address (/media/…) or an https image: what the popup may show. */
const imageUrl = z
  .string()
  .trim()
  .max(popupLimits.imageUrl)
  .regex(/^(\/media\/[^\s"'<>]+|https:\/\/[^\s"'<>]+)$/, 'Choose an image from the media library.');

/** The popup overlay as the owner sets it up (studio Forms → Popup). */
export const popupOverlayBody = z.object({
  enabled: z.boolean(),
  title: z
    .string({ message: 'Give the popup a title.' })
    .trim()
    .min(1, 'Give the popup a title.')
    .max(popupLimits.title, `The title can be at most ${popupLimits.title} characters.`),
  body: z
    .string()
    .trim()
    .max(popupLimits.body, `The text can be at most ${popupLimits.body} characters.`)
    .optional()
    .default(''),
  buttonLabel: z
    .string()
    .trim()
    .min(1, 'Give the button a label.')
    .max(popupLimits.buttonLabel, `The button label can be at most ${popupLimits.buttonLabel} characters.`)
    .optional()
    .default('Sign up'),
  imageUrl: imageUrl.nullable().optional().default(null),
  /** One of the site's mailing lists (Marketing → Mailing lists); absent: the list stays as it is. */
  listId: z
    .string({ message: MAILING_LIST_MESSAGES.listRequired })
    .trim()
    .min(1, MAILING_LIST_MESSAGES.listRequired)
    .max(64, MAILING_LIST_MESSAGES.notFound)
    .optional(),
  trigger: z.enum(POPUP_TRIGGERS, { message: 'Choose when the popup shows.' }).optional().default('delay'),
  delaySeconds: z
    .number()
    .int()
    .min(0, 'The delay is 0 to 600 seconds.')
    .max(600, 'The delay is 0 to 600 seconds.')
    .optional()
    .default(5),
  scrollPercent: z
    .number()
    .int()
    .min(10, 'Scroll depth is 10 to 100 percent.')
    .max(100, 'Scroll depth is 10 to 100 percent.')
    .optional()
    .default(50),
  hideDays: z
    .number()
    .int()
    .min(0, 'Show it again after 0 to 365 days.')
    .max(365, 'Show it again after 0 to 365 days.')
    .optional()
    .default(7),
});

const popupOverlay = z.object({
  enabled: z.boolean(),
  title: z.string(),
  body: z.string(),
  buttonLabel: z.string(),
  imageUrl: z.string().nullable(),
  /** The list a sign-up joins: the chosen one, else the site's default list. */
  listId: z.string(),
  trigger: z.enum(POPUP_TRIGGERS),
  delaySeconds: z.number().int(),
  scrollPercent: z.number().int(),
  hideDays: z.number().int(),
});

export const newsletterRoutes = {
  'POST /api/newsletter/subscribers': {
    summary:
      'Sign up for the site’s newsletter: the popup overlay (page type 104) joins the list of its settings; a newsletter block sends the list its page carries (`listToken`, signed by the server)',
    body: z.object({
      email,
      source: z.enum(['popup', 'footer', 'block']).optional().default('popup'),
      /** A newsletter block's list, as its published page carries it (`data-list`); needed with `block`. */
      listToken: z
        .string({ message: API_MESSAGES.signupOutdated })
        .max(200, API_MESSAGES.signupOutdated)
        .optional(),
    }),
    response: okBody.extend({
      /** A block's list asks for confirmation: a mail with the link is on its way (any address alike). */
      confirm: z.boolean().optional(),
    }),
  },
  'POST /api/newsletter/unsubscribe': {
    summary: 'Leave the newsletter with the token from an email’s unsubscribe link (page type 300)',
    body: z.object({
      token: z
        .string({ message: API_MESSAGES.unsubscribeInvalid })
        .regex(UNSUBSCRIBE_TOKEN_PATTERN, API_MESSAGES.unsubscribeInvalid),
    }),
    response: okBody,
  },
  'GET /api/owner/popup-overlay': {
    summary: 'Owner: the popup overlay (page type 104) as set up, or its defaults before the first save',
    response: popupOverlay.extend({
      version: z.number().int(),
      /** The site's mailing lists, default first (the studio's choices). */
      lists: z.array(z.object({ id: z.string(), name: z.string(), isDefault: z.boolean() })),
    }),
  },
  'PUT /api/owner/popup-overlay': {
    summary:
      'Owner: set up the popup overlay (page type 104); a new version shows it again to those who closed it',
    body: popupOverlayBody,
    response: z.object({ enabled: z.boolean(), version: z.number().int() }),
  },
} as const;
