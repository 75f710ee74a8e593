import { z } from 'zod';
import { API_MESSAGES } from './messages';
import { reviewLimits } from './reviews';

/** What the buyer and the owner are told about the order pages (207, 209, 210, 211). */
export const ORDER_PAGE_MESSAGES = {
  reviewLinkNotFound: 'This review link is not valid, or the order can no longer be reviewed.',
  reviewItemNotInOrder: 'Only the items of this order can be reviewed here.',
  reviewsMissing: 'Rate at least one item.',
  delayDays: 'Enter a whole number of days from 0 to 90.',
} as const;
const M = ORDER_PAGE_MESSAGES;

/** A reviews request's token: the order id and its signature. */
const reviewToken = z.string().min(1).max(200);

const itemReview = z.object({
  itemId: z.string().min(1).max(64),
  rating: z
    .number({ message: API_MESSAGES.reviewRating })
    .int(API_MESSAGES.reviewRating)
    .min(1, API_MESSAGES.reviewRating)
    .max(5, API_MESSAGES.reviewRating),
  title: z.string().trim().max(reviewLimits.title).optional().default(''),
  body: z
    .string({ message: API_MESSAGES.reviewBody })
    .trim()
    .min(1, API_MESSAGES.reviewBody)
    .max(reviewLimits.body),
});

/** The store's reviews request: on or off, and how many days after fulfilment it goes. */
export const reviewRequestSettings = z.object({
  enabled: z.boolean(),
  delayDays: z.number({ message: M.delayDays }).int(M.delayDays).min(0, M.delayDays).max(90, M.delayDays),
});
export type ReviewRequestSettingsView = z.output<typeof reviewRequestSettings>;

export const orderPageRoutes = {
  'GET /api/commerce/review-requests/:token': {
    summary: 'The items a reviews request (signed link from its mail) asks the buyer to rate',
    params: z.object({ token: reviewToken }),
    response: z.object({
      orderNumber: z.number().int(),
      items: z.array(
        z.object({
          itemId: z.string(),
          productName: z.string(),
          variantDescription: z.string(),
          reviewed: z.boolean(),
        }),
      ),
    }),
  },
  'POST /api/commerce/review-requests/:token': {
    summary:
      'Rate the items of a fulfilled order (held for moderation); an item already rated is kept as it was',
    params: z.object({ token: reviewToken }),
    body: z.object({
      authorName: z
        .string({ message: API_MESSAGES.reviewAuthor })
        .trim()
        .min(1, API_MESSAGES.reviewAuthor)
        .max(reviewLimits.authorName),
      reviews: z.array(itemReview).min(1, M.reviewsMissing).max(100),
    }),
    response: z.object({ saved: z.array(z.string()), alreadyReviewed: z.array(z.string()) }),
  },
  'GET /api/commerce/review-requests/settings': {
    summary: 'Owner: whether fulfilled orders get a reviews request mail, and after how many days',
    response: reviewRequestSettings,
  },
  'PUT /api/commerce/review-requests/settings': {
    summary: 'Owner: turn the reviews request mail on or off, or change its delay (days after fulfilment)',
    body: reviewRequestSettings.partial(),
    response: reviewRequestSettings,
  },
  'GET /api/commerce/digital-preview/:itemId': {
    summary:
      'Owner: what a buyer of a digital product receives (download section and receipt mail), made without an order',
    params: z.object({ itemId: z.string().min(1).max(64) }),
    response: z.object({
      product: z.object({ itemId: z.string(), title: z.string(), price: z.string() }),
      file: z
        .object({
          filename: z.string(),
          bytes: z.number().int(),
          downloadLimit: z.number().int(),
          linkDays: z.number().int(),
        })
        .nullable(),
      download: z
        .object({
          productName: z.string(),
          url: z.string(),
          expiresAt: z.string(),
          remaining: z.number().int(),
        })
        .nullable(),
      mail: z.object({ subject: z.string(), text: z.string() }),
    }),
  },
} as const;
