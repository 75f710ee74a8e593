import { z } from 'zod';
import { trackingLimits } from './limits';

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
