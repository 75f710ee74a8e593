import { z } from 'zod';

/**
 * Address autocomplete (spec §7): suggestions for what a buyer types in the checkout's address
 * (a postal code or a city), and the address parts of the one they pick. Answered by the
 * server's places provider: offline datasets by default, Google Places with the owner's key.
 */

export const placesLimits = { input: 100, placeId: 300, sessionToken: 100 } as const;

const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code.')
  .transform((code) => code.toUpperCase());
const sessionToken = z.string().trim().min(1).max(placesLimits.sessionToken).optional();

export const placeSuggestion = z.object({
  placeId: z.string(),
  description: z.string(),
  mainText: z.string(),
  secondaryText: z.string(),
});

export const placeAddress = z.object({
  country: z.string(),
  region: z.string().optional(),
  city: z.string().optional(),
  postalCode: z.string().optional(),
  address1: z.string().optional(),
});

export const placesRoutes = {
  'GET /api/google-maps/places/autocomplete': {
    summary: 'Address suggestions for a postal code or the start of a city name',
    querystring: z.object({
      input: z.string().trim().max(placesLimits.input, `At most ${placesLimits.input} characters.`),
      country: country.optional(),
      sessionToken,
    }),
    response: z.object({ predictions: z.array(placeSuggestion) }),
  },
  'GET /api/google-maps/places/details': {
    summary: 'The address parts of a suggestion (country, region code, city, postal code)',
    querystring: z.object({
      placeId: z.string().trim().min(1).max(placesLimits.placeId),
      sessionToken,
      /** Tracking context: where the address form is (the spec asks for both). */
      productPage: z.string().trim().max(100).optional(),
      productSection: z.string().trim().max(100).optional(),
    }),
    response: z.object({ address: placeAddress.nullable() }),
  },
} as const;
