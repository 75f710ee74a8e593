import { z } from 'zod';
import { cursor, id, okBody } from './common';
import { outboxMessage } from './owner-data';
import { secondStepNeeded, sessionStarted } from './account-security';

const variantRef = z.object({ productId: id, variantId: id });
const page = { hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() };

export const accountRoutes = {
  'POST /api/site-users/account/session': {
    summary:
      'Sign in (sets the session cookie; the guest cart joins the account’s). An account with two-step sign-in answers a ticket for the code instead (POST …/session/two-factor)',
    body: z.object({
      email: z.string().trim().min(1).max(256),
      password: z.string().min(1).max(1024),
      rememberMe: z.boolean().optional().default(false),
    }),
    response: z.union([sessionStarted, secondStepNeeded]),
  },
  'DELETE /api/site-users/account/session': {
    summary: 'Sign out; `cloneCart=true` keeps the cart for the visitor',
    errorCode: 'BAD_REQUEST',
    querystring: z.object({
      cloneCart: z.enum(['true', 'false'], { message: 'cloneCart must be true or false.' }).optional(),
    }),
    response: okBody,
  },
  'POST /api/site-users/account/locale': {
    summary: 'Set the visitor’s language',
    body: z.object({
      language: z
        .string()
        .max(35)
        .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'language must be a language tag such as en-US'),
    }),
    response: z.object({ language: z.string() }),
  },
  'POST /api/site-users/account/notifications/restock': {
    summary: 'Sign up for a back-in-stock email',
    body: z.object({
      productId: id,
      variantId: id,
      /** Checked by the route so blank and invalid get the spec's two messages. */
      siteVisitorEmail: z.unknown().optional(),
      isJoinMailingList: z.boolean().optional().default(false),
      recaptchaEnterpriseV3Token: z.string().max(4096).nullish(),
      language: z.string().max(35).optional(),
    }),
    response: okBody,
  },
  'GET /api/site-users/account/notifications/restock/groups': {
    summary: 'Owner: signups grouped per variant',
    querystring: z.object({ cursor }),
    response: z.object({
      signUpGroups: z.array(z.looseObject({ productId: z.string(), variantId: z.string() })),
      ...page,
    }),
  },
  'GET /api/site-users/account/notifications/restock': {
    summary: 'Owner: the signups of one variant',
    querystring: variantRef.extend({ cursor }),
    response: z.object({ signUps: z.array(z.looseObject({ id: z.string() })), ...page }),
  },
  'POST /api/site-users/account/notifications/restock/send': {
    summary: 'Owner: mail the signups of one variant that is back in stock',
    body: variantRef,
    response: z.object({ sent: z.number().int() }),
  },
  'POST /api/site-users/account/notifications/restock/send/all': {
    summary: 'Owner: mail the signups of up to 100 variants',
    body: z.object({ sendRequests: z.array(variantRef).min(1).max(100) }),
    response: z.object({
      results: z.array(variantRef.extend({ sent: z.number().int(), error: z.string().optional() })),
    }),
  },
  'GET /api/owner/forms/:formId/submissions': {
    summary: 'Owner: a form’s submissions, newest first',
    params: z.object({ formId: id }),
    querystring: z.object({
      cursor,
      /** Only submissions with this text in any answer (case-insensitive). */
      q: z.string().trim().max(200).optional(),
      status: z.enum(['PENDING', 'SENT', 'FAILED']).optional(),
    }),
    response: z.object({
      form: z.object({
        id: z.string(),
        name: z.string(),
        fields: z.array(z.object({ id: z.string(), title: z.string(), type: z.string() })),
      }),
      /** What an empty answer reads as in `cells` (spec §3: "N/A" or the configured text). */
      noAnswerText: z.string(),
      /** answers: raw, keyed by field id; cells: one text per form field, in field order. */
      submissions: z.array(z.looseObject({ id: z.string(), cells: z.array(z.string()) })),
      ...page,
    }),
  },
  'GET /api/owner/outbox': {
    summary: 'Owner: queued and sent mail',
    querystring: z.object({ cursor, status: z.enum(['PENDING', 'SENT', 'FAILED']).optional() }),
    response: z.object({
      smtpConfigured: z.boolean(),
      /** Links and codes in the messages are hidden from this reader (only the owner and admins see them). */
      secretsHidden: z.boolean(),
      messages: z.array(outboxMessage),
      ...page,
    }),
  },
} as const;
