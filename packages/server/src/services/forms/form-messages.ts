/** The visitor-facing form messages of spec §5 and §8, verbatim. */
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
  captchaMissing: 'Complete CAPTCHA before submitting.',
  captchaFailed: 'reCAPTCHA failed. Refresh this page and try again.',
} as const;
