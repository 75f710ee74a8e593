import type { z } from 'zod';

/**
 * The fields of a failed parse keyed by path ("_" for the whole value), first message each:
 * the `errors` map of a VALIDATION_FAILED answer (docs/api-errors.md), so the studio can put
 * each message beside its field.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
