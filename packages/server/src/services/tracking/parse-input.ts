import type { z } from 'zod';
import { ApiError } from '../../errors';
import { trackingLimits } from './limits';

/** Parse with a schema or throw a 400 naming the first bad field (never the value itself). */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError('VALIDATION_FAILED', describeIssues(result.error, what), {
    errors: issuesList(result.error),
  });
}

export function issuesList(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

export function describeIssues(error: z.ZodError, what: string): string {
  const first = error.issues[0];
  if (!first) return what;
  const where = first.path.length > 0 ? `${what}.${first.path.join('.')}` : what;
  return `${where}: ${first.message}`;
}

/** Decode a JSON string field (form-encoded `data`, clanker `eventContent`) into an object. */
export function parseJsonField(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'string') throw new ApiError('VALIDATION_FAILED', `${field} must be a JSON string.`);
  if (value.length > trackingLimits.dataChars) {
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `${field} is longer than ${trackingLimits.dataChars} characters.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ApiError('INVALID_JSON', `${field} is not valid JSON.`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError('VALIDATION_FAILED', `${field} must be a JSON object.`);
  }
  return parsed as Record<string, unknown>;
}

/** The path of a page URL (absolute or site-relative); a 400 when it is neither. */
export function pagePathOf(url: string): string {
  try {
    return new URL(url, 'http://site.invalid').pathname;
  } catch {
    throw new ApiError('VALIDATION_FAILED', 'url is not a valid URL.');
  }
}
