import { z } from 'zod';
import { cursor, id, visitorEmail } from './common';
import { API_MESSAGES } from './messages';

/** What the review form may send (spec §9: email 3 to 256 characters). */
export const reviewLimits = { title: 120, body: 5000, authorName: 80, reply: 2000 } as const;

const review = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  verifiedBuyer: z.boolean(),
  createdAt: z.string(),
  /** The owner's public reply (plain text), shown under the review. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});

export const reviewSummary = z.object({
  count: z.number().int(),
  average: z.number(),
  histogram: z.array(z.number().int()).length(5),
});

/** The owner's list filter: one status, or every review with the pending ones first. */
export const REVIEW_FILTERS = ['PENDING', 'APPROVED', 'REJECTED', 'ALL'] as const;

export const ownerReview = review.extend({
  productId: z.string(),
  productTitle: z.string(),
  email: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
});

/** The owner's reply: plain text, up to 2000 characters; empty removes it. */
export const reviewReplyBody = z.object({
  reply: z
    .string({ message: 'Write a reply, or leave it empty to remove it.' })
    .trim()
    .max(reviewLimits.reply, `A reply can be at most ${reviewLimits.reply} characters.`),
});

const page = { hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() };
const moderationStatus = z.enum(['APPROVED', 'REJECTED'], {
  message: 'status must be APPROVED or REJECTED.',
});

export const reviewRoutes = {
  'GET /api/commerce/products/:productId/reviews': {
    summary: 'A product’s approved reviews (newest first) and their star summary',
    params: z.object({ productId: id }),
    querystring: z.object({ cursor }),
    response: z.object({ summary: reviewSummary, reviews: z.array(review), ...page }),
  },
  'POST /api/commerce/products/:productId/reviews': {
    summary: 'Write a review; it is shown once the owner approves it',
    status: 201,
    params: z.object({ productId: id }),
    body: z.object({
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
      authorName: z
        .string({ message: API_MESSAGES.reviewAuthor })
        .trim()
        .min(1, API_MESSAGES.reviewAuthor)
        .max(reviewLimits.authorName),
      email: visitorEmail,
    }),
    response: z.object({ id: z.string(), status: z.literal('PENDING'), verifiedBuyer: z.boolean() }),
  },
  'GET /api/owner/reviews': {
    summary:
      'Owner: reviews in one status (PENDING by default) or ALL (pending first), newest first; by product, rating and words',
    querystring: z.object({
      status: z.enum(REVIEW_FILTERS).optional().default('PENDING'),
      productId: id.optional(),
      rating: z.coerce
        .number({ message: API_MESSAGES.reviewRating })
        .int(API_MESSAGES.reviewRating)
        .min(1, API_MESSAGES.reviewRating)
        .max(5, API_MESSAGES.reviewRating)
        .optional(),
      q: z.string().trim().max(200).optional(),
      cursor,
    }),
    response: z.object({
      reviews: z.array(ownerReview),
      /** How many reviews of the site are in each status (the tabs' counts). */
      counts: z.object({ PENDING: z.number().int(), APPROVED: z.number().int(), REJECTED: z.number().int() }),
      ...page,
    }),
  },
  'POST /api/owner/reviews/:reviewId/moderation': {
    summary: 'Owner: approve or reject a review',
    params: z.object({ reviewId: id }),
    body: z.object({ status: moderationStatus }),
    response: z.object({ id: z.string(), productId: z.string(), status: z.string() }),
  },
  'PUT /api/owner/reviews/:reviewId/reply': {
    summary: 'Owner: reply in public under a review (plain text); an empty reply removes it',
    params: z.object({ reviewId: id }),
    body: reviewReplyBody,
    response: z.object({ id: z.string(), reply: z.string().nullable(), repliedAt: z.string().nullable() }),
  },
} as const;
