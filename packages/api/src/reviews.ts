import { z } from 'zod';
import { cursor, id, visitorEmail } from './common';
import { API_MESSAGES } from './messages';

/** What the review form may send (spec §9: email 3 to 256 characters). */
export const reviewLimits = { title: 120, body: 5000, authorName: 80 } as const;

const review = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  verifiedBuyer: z.boolean(),
  createdAt: z.string(),
});

export const reviewSummary = z.object({
  count: z.number().int(),
  average: z.number(),
  histogram: z.array(z.number().int()).length(5),
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
    summary: 'Owner: reviews waiting for moderation (or in another status), newest first',
    querystring: z.object({
      status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).optional().default('PENDING'),
      cursor,
    }),
    response: z.object({
      reviews: z.array(
        review.extend({
          productId: z.string(),
          productTitle: z.string(),
          email: z.string(),
          status: z.string(),
        }),
      ),
      ...page,
    }),
  },
  'POST /api/owner/reviews/:reviewId/moderation': {
    summary: 'Owner: approve or reject a review',
    params: z.object({ reviewId: id }),
    body: z.object({ status: moderationStatus }),
    response: z.object({ id: z.string(), productId: z.string(), status: z.string() }),
  },
} as const;
