/**
 * Visitor-facing form messages (spec §5, §8), verbatim. The server answers with the same
 * texts (packages/server/src/services/forms/form-messages.ts).
 */
export const MESSAGES = {
  required: 'Required',
  email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  characterLimit: 'You have exceeded the character limit.',
  invalid: 'One or more fields is invalid, please check your entries.',
  scrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  scrollUp: 'Your form has encountered a problem. Please scroll up to review.',
  noKey: 'Could not get a form submission key, please try again later.',
  parse: 'Could not parse the form fields, please check your entries.',
  processing: 'Error processing form submission. Please reload and try again.',
  captchaMissing: 'Complete CAPTCHA before submitting.',
  captchaFailed: 'reCAPTCHA failed. Refresh this page and try again.',
  byStatus: {
    401: 'Unable to submit form. Please try again later.',
    404: 'This form has not been configured yet.',
    429: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    500: 'Unable to send form. Please try again later.',
  } as Record<number, string>,
  unknown: 'Unknown error, please try again later.',
  submitting: 'Submitting…',
  submit: 'Submit',
} as const;
