import { z } from 'zod';
import { id } from './common';

const search = z.string().trim().max(200).optional();

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
 * The owner's data screens (studio Forms → Submissions, Settings → Mail): delete and export
 * submissions, retry mail, test SMTP. Mailing lists are in mailing-lists.ts.
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
