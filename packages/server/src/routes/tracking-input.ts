import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../errors';
import type { TrackingRecord } from '../queue/tracking-queue';
import { countedRecords } from '../services/analytics/own-visits';
import { trackingLimits } from '../services/tracking/limits';

/*
 * The tracking endpoints' edge (census, events, clanker, performance): reading a beacon's
 * body, its fields and its site from the request, and answering 202 once the queue took the
 * records. Malformed input is the client's mistake, answered here with the error catalogue's codes.
 */

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

/**
 * sendBeacon with a string body sends `text/plain`: parse it as JSON in this plugin's
 * scope only. An empty body parses to undefined (the route decides if that is allowed).
 */
export function parseTextPlainAsJson(app: FastifyInstance): void {
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: trackingLimits.bodyBytes },
    (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new ApiError('INVALID_JSON'), undefined);
      }
    },
  );
}

/** The website a beacon is for (Host header); a beacon for no site is a 404, not a crash. */
export function siteIdOf(request: FastifyRequest, claimed?: string): string {
  const site = request.site;
  if (!site) throw new ApiError('NOT_FOUND', 'No website answers at this host.');
  if (claimed !== undefined && claimed !== site.id) {
    throw new ApiError('VALIDATION_FAILED', 'websiteId does not match the website of this host.');
  }
  return site.id;
}

/**
 * Hand validated records to the queue and answer 202. The answer waits only for the
 * queue's acceptance, never for the database. A refusing queue is a 503 (retry later).
 * The owner's and contributors' own hits are answered alike but not kept (spec §6).
 */
export async function accept(request: FastifyRequest, reply: FastifyReply, all: TrackingRecord[]) {
  const records = await countedRecords(request, all);
  try {
    if (records.length > 0) await request.server.trackingQueue.enqueue(records);
  } catch (error) {
    request.log.warn({ err: error }, 'tracking queue refused records');
    throw new ApiError('TRACKING_UNAVAILABLE');
  }
  return reply.code(202).header('cache-control', 'no-store').send({ accepted: records.length });
}
