import type { z } from 'zod';
import { ApiError } from '../errors';

/** Parse a request body with zod; a wrong shape is a 400 naming the first bad field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new ApiError('VALIDATION_FAILED', `${where}${issue.message}`);
}
