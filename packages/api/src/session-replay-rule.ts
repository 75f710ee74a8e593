/**
 * When a visit may be recorded (spec §4, §9). One rule for the server (which answers the
 * recording id) and the storefront (which starts the recorder): no zod here, so the
 * storefront's entry chunk can import it for a few bytes.
 */

/** The id `GET /api/commerce/fullstory/getId` answers when this visit must not be recorded. */
export const AUTOMATED_MOCK_ID = 'automated-mock-id';

/** Size limits of one batch of recorded events (the server refuses larger with a 4xx). */
export const SESSION_REPLAY_LIMITS = {
  /** Largest batch body in bytes (a first full snapshot of a big page fits). */
  bodyBytes: 512 * 1024,
  /** Most events in one batch. */
  eventsPerBatch: 500,
  /** Highest sequence number of a batch within one page's recording. */
  maxSeq: 10_000,
} as const;

export interface RecordingConditions {
  /** The store country (ISO code) from the store settings. */
  storeCountry?: string | null;
  /** The owner's "Record sessions" toggle. */
  enabled?: boolean;
  /** The visitor's browser time zone (Intl). */
  timeZone?: string | null;
  /** navigator.hardwareConcurrency. */
  cpuCores?: number | null;
  /** The id getId answered. */
  recordingId?: string | null;
}

/** The site's part of the rule: the toggle is on and the store is in the US. */
export function siteAllowsRecording(c: Pick<RecordingConditions, 'storeCountry' | 'enabled'>): boolean {
  return c.enabled === true && (c.storeCountry ?? '').toUpperCase() === 'US';
}

/** The device's part: an America/* time zone and more than 2 CPU cores. */
export function deviceAllowsRecording(c: Pick<RecordingConditions, 'timeZone' | 'cpuCores'>): boolean {
  const cores = c.cpuCores ?? 0;
  return (c.timeZone ?? '').startsWith('America') && Number.isFinite(cores) && cores > 2;
}

/** The id's part: a real recording id, not the automated mock id. */
export function isRecordingId(id: string | null | undefined): id is string {
  return typeof id === 'string' && id.length > 0 && id !== AUTOMATED_MOCK_ID;
}

/** The whole rule of spec §4: every condition holds. */
export function mayRecordSession(c: RecordingConditions): boolean {
  return siteAllowsRecording(c) && deviceAllowsRecording(c) && isRecordingId(c.recordingId);
}
