/**
 * What a failed call says, and which fields it names.
 *
 *   failureText(error)          // the API's message for a 4xx/5xx, the network message offline
 *   serverFieldErrors(error)    // { title: 'Required', 'variants.0.sku': '…' } from a 400's `errors`
 *   isNetworkFailure(error)     // true only when the request never got an answer
 *
 * The API reports field errors in the body of a 400 (docs/api-errors.md): VALIDATION_FAILED and
 * FORM_INVALID carry `errors` as a map of field path → message (`_` for the whole body); the
 * tracking routes send a list of `{ path, message }`. Both shapes come out as one map here.
 */
import { ApiFailure, NETWORK_ERROR } from '../api';

/** What an unexpected failure (a bug, not an answer) says to the owner. */
export const UNEXPECTED_ERROR = 'Something went wrong';

/** The request never reached the server or its answer was lost: worth trying again. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiFailure) return error.offline;
  // fetch rejects with a TypeError when the network is down (outside the typed client).
  return error instanceof TypeError;
}

/** The message to show for a failed call: the server's own words for an answer it gave. */
export function failureText(error: unknown): string {
  if (error instanceof ApiFailure) return error.offline ? NETWORK_ERROR : error.message || UNEXPECTED_ERROR;
  if (isNetworkFailure(error)) return NETWORK_ERROR;
  return UNEXPECTED_ERROR;
}

/** The per-field messages of a refused write, keyed by field path; {} when it names no field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiFailure) || error.offline) return {};
  const errors = error.body.errors;
  const out: Record<string, string> = {};
  if (Array.isArray(errors)) {
    for (const item of errors) {
      if (!item || typeof item !== 'object') continue;
      const { path, message } = item as { path?: unknown; message?: unknown };
      const key = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
      if (typeof message === 'string') out[key || '_'] ??= message;
    }
  } else if (errors && typeof errors === 'object') {
    for (const [key, message] of Object.entries(errors as Record<string, unknown>)) {
      if (typeof message === 'string') out[key || '_'] = message;
      // FORM_INVALID-like answers with several messages per field: the first one.
      else if (Array.isArray(message) && typeof message[0] === 'string') out[key || '_'] = message[0];
    }
  }
  return out;
}

/**
 * Split a refused write into what goes by a field and what goes above the form. `fieldFor`
 * maps an API path onto the form's field name (undefined: the form has no such field); the
 * API's message is the form message when no field took a message.
 */
export function splitFailure(
  error: unknown,
  fieldFor: (path: string) => string | undefined,
): { fields: Record<string, string>; formMessage: string } {
  const fields: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(serverFieldErrors(error))) {
    const name = path === '_' ? undefined : fieldFor(path);
    if (name) fields[name] ??= message;
    // A field the form does not show: name it, or "Required" would not say what is missing.
    else unplaced.push(path === '_' ? message : `${path}: ${message}`);
  }
  const placed = Object.keys(fields).length > 0;
  // A field-less refusal (409 code taken, 422 …) says its message above the form; a 400 whose
  // fields all found their inputs needs no second copy of the first one there.
  const formMessage = unplaced.length > 0 ? unplaced.join(' ') : placed ? '' : failureText(error);
  return { fields, formMessage };
}
