import { randomUUID } from 'node:crypto';
import type { PerformanceRecord, TrackingEventRecord } from '../../queue/tracking-queue';

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
