import { z } from 'zod';
import { id } from './common';

export const formRoutes = {
  'POST /api/form/FormSubmissionKey': {
    summary: 'A single-use submission key (30 minutes)',
    response: z.object({ key: z.string() }),
  },
  'GET /api/form/captcha/challenge': {
    summary: 'A proof-of-work captcha challenge (ALTCHA)',
    /** The captcha provider's own challenge (ALTCHA: algorithm, challenge, salt, signature). */
    response: z.unknown(),
  },
  'POST /api/rest/forms/validate/:formId': {
    summary: 'Check answers without submitting; `errors` keyed by field id',
    errorCode: 'FORM_UNPARSEABLE',
    params: z.object({ formId: id }),
    body: z.record(z.string(), z.unknown()),
    response: z.object({ errors: z.record(z.string(), z.string()) }),
  },
  'POST /api/form/SaveFormSubmission': {
    summary: 'Submit a form (key, captcha, answers)',
    /** A malformed body is FORM_UNPARSEABLE (spec §8), not VALIDATION_FAILED. */
    errorCode: 'FORM_UNPARSEABLE',
    body: z.object({
      formId: z.string().max(64),
      /** JSON of field values keyed by field id (spec §3); an object is accepted too. */
      form: z.union([z.string().max(256 * 1024), z.record(z.string(), z.unknown())]),
      key: z.string().max(128),
      captchaKey: z.string().max(4096).optional(),
      pageTitle: z.string().max(512).optional(),
      pageId: z.string().max(64).optional(),
      contentSource: z.enum(['i', 'c']).optional(),
      pagePath: z.string().max(2048).optional(),
      pagePermissionTypeValue: z.union([z.number().int(), z.string().max(32)]).optional(),
    }),
    response: z.object({ ok: z.boolean(), submissionId: z.string() }),
  },
} as const;
