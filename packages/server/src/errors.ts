import { ADD_FAILURE_ERRORS, FORM_MESSAGES } from '@store/commerce';

/**
 * The server's error catalogue: every `/api/*` error answers
 * `{ error: { code, message }, ...extra }` with the status listed here.
 * docs/api-errors.md documents each code (a test checks that).
 */
export const errorCatalogue = {
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  VALIDATION_FAILED: { status: 400, message: 'The request has invalid fields.' },
  INVALID_CHARACTERS: {
    status: 400,
    message:
      'The request contains characters that are not allowed (a NUL byte or a broken Unicode character).',
  },
  NESTED_TOO_DEEP: { status: 400, message: 'The request is nested too deeply.' },
  UNAUTHORIZED: { status: 401, message: 'Sign in to continue.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time.' },
  CRUMB_FAIL: { status: 403, message: ADD_FAILURE_ERRORS.SESSION_EXPIRED },
  PAYMENT_FAILED: { status: 402, message: 'The payment could not be completed.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state.' },
  ORDER_STATE_CONFLICT: {
    status: 409,
    message: 'This order cannot be changed that way in its current state.',
  },
  TRY_AGAIN: {
    status: 409,
    message: 'Someone else changed the same thing at the same moment. Nothing was changed; please try again.',
  },
  TOTAL_CHANGED: {
    status: 409,
    message: 'The total of your order changed. Please review it and place the order again.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed. Retry later.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  UNPROCESSABLE: { status: 422, message: 'The request could not be processed.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message:
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  },
  FORM_INVALID: { status: 400, message: FORM_MESSAGES.invalid },
  FORM_UNPARSEABLE: { status: 400, message: FORM_MESSAGES.parse },
  CAPTCHA_REQUIRED: { status: 400, message: FORM_MESSAGES.captchaMissing },
  CAPTCHA_FAILED: { status: 400, message: FORM_MESSAGES.captchaFailed },
  FORM_KEY_INVALID: { status: 401, message: FORM_MESSAGES.unauthorized },
  FORM_NOT_CONFIGURED: { status: 404, message: FORM_MESSAGES.notConfigured },
  NOT_IN_STOCK: { status: 409, message: 'This variant is not back in stock yet.' },
  FORM_RATE_LIMITED: { status: 429, message: FORM_MESSAGES.rateLimited },
  FORM_SEND_FAILED: { status: 500, message: FORM_MESSAGES.serverError },
  RATE_LIMITED: { status: 429, message: ADD_FAILURE_ERRORS.RATE_LIMITED },
  INVALID_VISITOR_RECORD: {
    status: 400,
    message: 'The visitor record must be an id and four positive integers separated by bars.',
  },
  UNKNOWN_EVENT_SCHEMA: { status: 400, message: 'No event schema is registered under that name.' },
  INVALID_EVENT_CONTENT: { status: 400, message: 'The event content does not match its schema.' },
  TOO_MANY_EVENTS: { status: 413, message: 'Too many events in one request.' },
  TRACKING_UNAVAILABLE: { status: 503, message: 'Tracking is unavailable. Please try again shortly.' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is unavailable. Please try again shortly.' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

/** An expected API failure: thrown by routes/services, rendered by the error handler. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Extra top-level fields of the response body (e.g. `crumbFail`, `errors`). */
    readonly extra: Record<string, unknown> = {},
    status?: number,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.statusCode = status ?? errorCatalogue[code].status;
  }
  /** Seconds after which trying again may succeed; sent as `Retry-After`. */
  retryAfterSeconds?: number;
}
