import { FORM_MESSAGES } from '@store/commerce';

/**
 * What the form island says: the shared form messages (spec §5, §8; the server answers with
 * the same texts), the message for each failed status, and the button labels.
 */
export const MESSAGES = {
  ...FORM_MESSAGES,
  byStatus: {
    401: FORM_MESSAGES.unauthorized,
    404: FORM_MESSAGES.notConfigured,
    429: FORM_MESSAGES.rateLimited,
    500: FORM_MESSAGES.serverError,
  } as Record<number, string>,
  submitting: 'Submitting…',
  submit: 'Submit',
} as const;
