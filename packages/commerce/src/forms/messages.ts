/**
 * The visitor-facing form messages of spec §5 and §8, verbatim: the server answers with
 * them (errors, field validation) and the form island shows them, so both say the same.
 */
export const FORM_MESSAGES = {
  required: 'Required',
  email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
  characterLimit: 'You have exceeded the character limit.',
  invalid: 'One or more fields is invalid, please check your entries.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  parse: 'Could not parse the form fields, please check your entries.',
  noKey: 'Could not get a form submission key, please try again later.',
  processing: 'Error processing form submission. Please reload and try again.',
  captchaMissing: 'Complete CAPTCHA before submitting.',
  captchaFailed: 'reCAPTCHA failed. Refresh this page and try again.',
  scrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  scrollUp: 'Your form has encountered a problem. Please scroll up to review.',
  unknown: 'Unknown error, please try again later.',
} as const;
