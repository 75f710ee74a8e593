import type { z } from 'zod';
import { ApiError } from '../errors';

/**
 * Parse a request part with a zod schema; failures become 400 VALIDATION_FAILED with an
 * `errors` map keyed by field path (never a 500, never the offending value echoed back).
 */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  const first = Object.entries(errors)[0];
  throw new ApiError('VALIDATION_FAILED', first ? `${first[0]}: ${first[1]}` : undefined, { errors });
}
