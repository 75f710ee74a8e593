import { fieldErrors } from '@store/api';
import type { z } from 'zod';
import { ApiError, type ErrorCode } from '../errors';

function validationError(error: z.ZodError, code: ErrorCode = 'VALIDATION_FAILED'): ApiError {
  const errors = fieldErrors(error);
  const first = Object.entries(errors)[0];
  // A route's own code (FORM_UNPARSEABLE …) keeps its catalogue message; BAD_REQUEST says what.
  if (code === 'BAD_REQUEST') return new ApiError(code, first?.[1]);
  if (code !== 'VALIDATION_FAILED') return new ApiError(code);
  return new ApiError(code, first ? `${first[0]}: ${first[1]}` : undefined, { errors });
}

/**
 * Parse a value with a zod schema; failures become 400 VALIDATION_FAILED with an `errors` map
 * keyed by field path (never a 500, never the offending value echoed back). For values that
 * are not a request part (a JSON string inside a field, a cookie).
 */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error);
}

/** Schemas that only document a route (its service validates), and per-schema error codes. */
const documentsOnly = new WeakSet<object>();
const errorCodes = new WeakMap<object, ErrorCode>();

export function markDocumentsOnly(schema: object): void {
  documentsOnly.add(schema);
}

export function setValidationErrorCode(schema: object, code: ErrorCode): void {
  errorCodes.set(schema, code);
}

/**
 * Fastify's validator for the routes' zod schemas: the parsed (defaulted, trimmed) value
 * replaces the request part, and a failure is the API's VALIDATION_FAILED (or the route's
 * own code), answered by the error contract like any ApiError.
 */
export function zodValidatorCompiler({ schema }: { schema: z.ZodType }) {
  return (data: unknown) => {
    // Pass or fail only: leave the part as it came (Fastify hands a missing one in as null).
    if (documentsOnly.has(schema)) return true;
    const parsed = schema.safeParse(data ?? {});
    if (parsed.success) return { value: parsed.data };
    return { error: validationError(parsed.error, errorCodes.get(schema)) };
  };
}
