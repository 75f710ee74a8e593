/** Ingestion limits (spec §9 where it gives numbers; the rest sized for real pages). */
export const trackingLimits = {
  /** Largest beacon body in bytes. */
  bodyBytes: 64 * 1024,
  /** Error reporter sends at most 20 reports per page (spec §9). */
  javascriptErrorsPerRequest: 20,
  /** Stack traces are cut at 5000 characters by the client (spec §9). */
  stackChars: 5_000,
  messageChars: 2_000,
  performanceEventsPerRequest: 20,
  /** Serialized `data` / `eventContent` strings. */
  dataChars: 16 * 1024,
  urlChars: 2_083,
} as const;
