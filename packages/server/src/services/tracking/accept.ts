import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors';
import type { PerformanceRecord, TrackingEventRecord, TrackingRecord } from '../../queue/tracking-queue';
import { countedRecords } from '../analytics/own-visits';

/** The website a beacon is for (Host header); a beacon for no site is a 404, not a crash. */
export function siteIdOf(request: FastifyRequest, claimed?: string): string {
  const site = request.site;
  if (!site) throw new ApiError('NOT_FOUND', 'No website answers at this host.');
  if (claimed !== undefined && claimed !== site.id) {
    throw new ApiError('VALIDATION_FAILED', 'websiteId does not match the website of this host.');
  }
  return site.id;
}

type EventFields = Omit<TrackingEventRecord, 'table' | 'id' | 'receivedAt'>;
type PerformanceFields = Omit<PerformanceRecord, 'table' | 'id' | 'receivedAt'>;

/**
 * PostgreSQL text and jsonb cannot hold NUL characters: drop them from visitor-supplied
 * data here rather than have the database refuse the row.
 */
function withoutNul<T>(value: T): T {
  const json = JSON.stringify(value);
  if (!json.includes('\\u0000')) return value;
  // Only a real escape (an even run of backslashes before it), not the text "\\u0000".
  return JSON.parse(json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1')) as T;
}

export function eventRecord(fields: EventFields, receivedAt = Date.now()): TrackingEventRecord {
  return { table: 'events', id: randomUUID(), receivedAt, ...withoutNul(fields) };
}

export function performanceRecord(fields: PerformanceFields, receivedAt = Date.now()): PerformanceRecord {
  return { table: 'performance', id: randomUUID(), receivedAt, ...withoutNul(fields) };
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
