import { z } from 'zod';
import { API_MESSAGES } from './messages';

/** Every /api error body (docs/api-errors.md): `{ error: { code, message } }` plus extra fields. */
export const errorBody = z.looseObject({
  error: z.object({ code: z.string(), message: z.string() }),
  reason: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  crumbFail: z.boolean().optional(),
});

export const id = z.string().min(1).max(64);
export const okBody = z.object({ ok: z.boolean() });
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code.');
export const cursor = z.string().max(2048).optional();

/** A visitor's e-mail address in a request body, with the one message for every way it is wrong. */
export const visitorEmail = z
  .string({ message: API_MESSAGES.invalidEmail })
  .trim()
  .min(3, API_MESSAGES.invalidEmail)
  .max(256, API_MESSAGES.invalidEmail)
  .email(API_MESSAGES.invalidEmail);
