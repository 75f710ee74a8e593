import { z } from 'zod';
import { okBody, visitorEmail as email } from './common';
import { API_MESSAGES } from './messages';

export const newsletterRoutes = {
  'POST /api/newsletter/subscribers': {
    summary: 'Sign up for the site’s newsletter (the popup overlay, page type 104)',
    body: z.object({ email, source: z.enum(['popup', 'footer']).optional().default('popup') }),
    response: okBody,
  },
  'POST /api/newsletter/unsubscribe': {
    summary: 'Leave the newsletter with the token from an email’s unsubscribe link (page type 300)',
    body: z.object({
      token: z
        .string({ message: API_MESSAGES.unsubscribeInvalid })
        .regex(/^[A-Za-z0-9_-]{16,64}$/, API_MESSAGES.unsubscribeInvalid),
    }),
    response: okBody,
  },
  'PUT /api/owner/popup-overlay': {
    summary:
      'Owner: set up the popup overlay (page type 104); a new version shows it again to those who closed it',
    body: z.object({
      enabled: z.boolean(),
      title: z.string().trim().min(1).max(120),
      body: z.string().trim().max(1000).optional().default(''),
      buttonLabel: z.string().trim().min(1).max(40).optional().default('Sign up'),
      delaySeconds: z.number().int().min(0).max(600).optional().default(5),
      hideDays: z.number().int().min(0).max(365).optional().default(7),
    }),
    response: z.object({ enabled: z.boolean(), version: z.number().int() }),
  },
} as const;
