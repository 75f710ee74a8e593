import { z } from 'zod';
import { cursor, id } from './common';

const page = { hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() };
const search = z.string().trim().max(200).optional();

/** A mailing list the owner can read: newsletter sign-ups, restock opt-ins, or both. */
export const MAILING_LISTS = ['all', 'newsletter', 'restock'] as const;

const subscriber = z.object({
  email: z.string(),
  /** 'newsletter' (popup / form) or 'restock' (opted in while signing up for a restock mail). */
  source: z.enum(['newsletter', 'restock']),
  createdAt: z.string(),
  unsubscribed: z.boolean(),
});

/** One message of the mail outbox as the owner reads it. */
export const outboxMessage = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/**
 * The owner's data screens (studio Forms → Submissions and Mailing lists, Settings → Mail):
 * delete and export submissions, read and export mailing lists, retry mail, test SMTP.
 * The submissions list and the outbox list themselves are in accounts.ts.
 */
export const ownerDataRoutes = {
  'GET /api/owner/forms': {
    summary: 'Owner: the site’s forms with how many submissions each has',
    response: z.object({
      forms: z.array(z.object({ id: z.string(), name: z.string(), submissions: z.number().int() })),
    }),
  },
  'DELETE /api/owner/forms/:formId/submissions': {
    summary: 'Owner: delete some of a form’s submissions',
    params: z.object({ formId: id }),
    body: z.object({ ids: z.array(id).min(1, 'Choose at least one submission.').max(500) }),
    response: z.object({ deleted: z.number().int() }),
  },
  'GET /api/owner/forms/:formId/submissions.csv': {
    summary:
      'Owner: a form’s submissions as CSV (UTF-8 with BOM, a header row of field labels, newest first)',
    params: z.object({ formId: id }),
    querystring: z.object({ q: search }),
    response: z.string(),
  },
  'GET /api/owner/mailing-lists/:list': {
    summary: 'Owner: newsletter subscribers and restock sign-ups that joined the mailing list',
    params: z.object({ list: z.enum(MAILING_LISTS) }),
    querystring: z.object({ cursor, q: search }),
    response: z.object({
      counts: z.object({ newsletter: z.number().int(), restock: z.number().int() }),
      subscribers: z.array(subscriber),
      ...page,
    }),
  },
  'GET /api/owner/mailing-lists/:list/export.csv': {
    summary: 'Owner: a mailing list as CSV (email, source, date, unsubscribed)',
    params: z.object({ list: z.enum(MAILING_LISTS) }),
    response: z.string(),
  },
  'POST /api/owner/outbox/:id/retry': {
    summary: 'Owner: send a failed message again (back to PENDING with fresh attempts)',
    params: z.object({ id }),
    response: z.object({ message: outboxMessage }),
  },
  'POST /api/owner/outbox/test': {
    summary: 'Owner: send a test message to the owner’s address through SMTP_URL now',
    response: z.object({
      /** sent: the SMTP server took it; failed: connecting or sending failed (message says why); queued: no SMTP_URL. */
      outcome: z.enum(['sent', 'failed', 'queued']),
      to: z.string(),
      message: z.string(),
    }),
  },
} as const;
