import { CART_TOKEN_PATTERN, EMAIL_MAX_LENGTH, isEmailAddress } from '@store/commerce';
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

/**
 * A money object in a response (spec §3, `@store/commerce`'s `CldrMoney`): a decimal string in
 * major units and its currency; amounts the client computes with are beside it in minor units.
 */
export const money = z.object({ value: z.string(), currency: z.string() });
/** The legacy money object (`useCLDRMoneyFormat` off, `@store/commerce`'s `LegacyMoney`). */
export const legacyMoney = z.object({ decimalValue: z.string(), currencyCode: z.string() });
/** A cart's token in a request (`@store/commerce`'s pattern, the one the server's cookie reading uses). */
export const cartToken = z.string().regex(CART_TOKEN_PATTERN, 'cartToken is not valid');

/**
 * An e-mail address in a request body: `@store/commerce`'s one rule (internationalised addresses
 * accepted, see `isEmailAddress`), the rule every browser validator runs, with one message for
 * every way it is wrong.
 */
export const emailAddress = (message: string) =>
  z
    .string({ message })
    .trim()
    .refine(isEmailAddress, message)
    .meta({ format: 'idn-email', maxLength: EMAIL_MAX_LENGTH });

/** A visitor's e-mail address in a request body, with the one message for every way it is wrong. */
export const visitorEmail = emailAddress(API_MESSAGES.invalidEmail);

/**
 * The `Idempotency-Key` request header of the routes that move money (checkout, capture,
 * cancel, refund): the first answer is replayed for 24 hours to the same caller on the same
 * route; the key with another request answers 422, while the first still runs 409.
 * Documented here; the server's idempotency plugin checks it.
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().min(1).max(255).optional().meta({
    description:
      'A key of your choosing (a UUID) per action: a retry with the same key and request gets the first answer again (`Idempotent-Replayed: true`) for 24 hours instead of running twice; the key with another request answers 422 IDEMPOTENCY_KEY_REUSED, a retry while the first still runs 409 IDEMPOTENCY_KEY_IN_USE.',
  }),
});
