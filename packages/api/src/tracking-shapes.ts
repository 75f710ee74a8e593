import { z } from 'zod';

/**
 * The tracking beacons' shapes and limits: the tracking routes validate with them (with the
 * tracking codes of docs/api-errors.md) and the contract documents them.
 */

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

/** Shared field shapes of the tracking payloads (spec §3). */
export const positiveInt = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const timestampMs = positiveInt;
export const identifier = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be an id of letters, digits, _ . : -');
export const shortText = z.string().max(500);
export const pageUrl = z.string().min(1).max(trackingLimits.urlChars);
export const pageTypeCode = z.number().int().min(0).max(999);
export const size = z.number().int().min(0).max(100_000);

/** Page fields sent with census calls. */
export const pageFields = {
  websiteId: identifier.optional(),
  templateId: identifier.optional(),
  url: pageUrl,
  title: shortText.optional(),
  itemId: identifier.optional(),
  collectionId: identifier.optional(),
  recordType: z.number().int().min(0).max(1000).optional(),
  pageType: pageTypeCode.optional(),
  pagePermissionType: z.number().int().min(0).max(1000).optional(),
  clientDate: timestampMs.optional(),
};

// Census beacons (README "Tracking").
export const hitBody = z.object({ event: z.string(), data: z.string(), ss_cvr: z.string() });

export const hitData = z.looseObject({
  ...pageFields,
  clientDate: timestampMs,
  website_locale: z.string().max(35).optional(),
  userAgent: z.string().max(1_000).optional(),
  viewportInnerWidth: size.optional(),
  viewportInnerHeight: size.optional(),
  screenWidth: size.optional(),
  screenHeight: size.optional(),
});

export const buttonBody = z.looseObject({
  ...pageFields,
  visitorCookie: z.string(),
  buttonId: identifier.optional(),
  buttonText: shortText.optional(),
  destination: z.string().max(trackingLimits.urlChars).optional(),
});

export const formRenderBody = z.looseObject({ ...pageFields, visitorCookie: z.string(), formId: identifier });

export const overlayBody = z.looseObject({
  ...pageFields,
  visitorCookie: z.string(),
  event: z.string().regex(/^[A-Za-z_-]{1,32}$/, 'must be an overlay event name'),
  overlayId: identifier.optional(),
});

export const quickViewBody = z
  .looseObject({ visitorCookie: z.string().optional(), url: pageFields.url.optional() })
  .optional();

// Named events and JavaScript error reports.
export const eventName = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be an event name of letters, digits, _ . : -');

export const recordEventBody = z.object({ crumb: z.string().optional(), event: eventName, data: z.string() });

export const errorReport = z.object({
  event: eventName,
  timestamp: timestampMs,
  data: z.looseObject({
    message: z.string().min(1).max(trackingLimits.messageChars),
    stack: z.string().max(trackingLimits.stackChars).optional(),
    url: z.string().max(trackingLimits.urlChars).optional(),
    line: z.number().int().min(0).optional(),
    column: z.number().int().min(0).optional(),
  }),
});

// Schema-checked events.
export const clankerBody = z.object({
  eventSchemaName: z.string().min(1).max(100),
  eventContent: z.string(),
});

// Page-speed reports.
export const metric = z.number().finite().min(0).max(86_400_000);

/** The metrics of spec §9 (times in ms from navigation start, sizes in bytes, CLS unitless). */
export const metrics = z.strictObject({
  cumulativeLayoutShift: z.number().finite().min(0).max(1_000).optional(),
  decodedBodySize: metric.optional(),
  encodedBodySize: metric.optional(),
  domContentLoadedEventStart: metric.optional(),
  domContentLoadedEventEnd: metric.optional(),
  domainLookup: metric.optional(),
  firstContentfulPaint: metric.optional(),
  firstInputDelay: metric.optional(),
  interactionToNextPaint: metric.optional(),
  largestContentfulPaint: metric.optional(),
  loadEventStart: metric.optional(),
  loadEventEnd: metric.optional(),
  responseStart: metric.optional(),
  tcpConnection: metric.optional(),
  tlsNegotiation: metric.optional(),
});

export const performanceEvent = z.object({
  app: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be an app name'),
  event: z.enum(['page-speed', 'image', 'accessibility']),
  pageLoadId: identifier,
  ts: timestampMs,
  data: z.looseObject({
    url: pageUrl,
    pageType: pageTypeCode.optional(),
    metrics: metrics.optional(),
  }),
});
