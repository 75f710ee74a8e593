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

/** The words the server answers and the studio shows for the owner's Google key. */
export const PLACES_MESSAGES = {
  keyRequired: 'Enter the API key from your Google Cloud project.',
  keyShape: 'That does not look like a Google API key: it is one word of letters, digits, - and _.',
  keyRefused:
    'Google refused this key. Check that the Places API (New) is enabled for it and that it is not restricted to other addresses.',
  unreachable: 'Google could not be reached. Try again in a moment.',
  keyWorks: 'The key works: suggestions come from Google Places.',
  secretsKeyMissing: 'This server has no SECRETS_KEY, so it cannot keep a key safely.',
  keyUnreadable: 'The stored key cannot be read with this server’s SECRETS_KEY. Enter it again.',
} as const;

/** Who answers the checkout's address suggestions for this site. */
export const placesSettingsView = z.object({
  /** `site`: the owner's key; `server`: the server's GOOGLE_PLACES_API_KEY; `offline`: shipped datasets. */
  source: z.enum(['site', 'server', 'offline']),
  googleKeyLast4: z.string().nullable(),
  /** Something to fix (the stored key cannot be opened …), in words. */
  problem: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PlacesSettingsView = z.output<typeof placesSettingsView>;

const googleKey = z
  .string()
  .trim()
  .min(1, PLACES_MESSAGES.keyRequired)
  .max(200, PLACES_MESSAGES.keyShape)
  .regex(/^[A-Za-z0-9_-]+$/, PLACES_MESSAGES.keyShape);

export const placesKeyInput = z.object({ googleApiKey: googleKey });
export const placesCheckAnswer = z.object({ ok: z.boolean(), message: z.string() });

export const placesSettingsRoutes = {
  'GET /api/owner/places': {
    summary:
      'Owner: who answers checkout address suggestions (the owner’s Google key only as its last four characters)',
    response: placesSettingsView,
  },
  'PUT /api/owner/places': {
    summary:
      'Owner: use this Google Places API key for the site’s address suggestions (checked with Google first, then sealed with the server key)',
    body: placesKeyInput,
    response: placesSettingsView,
  },
  'DELETE /api/owner/places': {
    summary:
      'Owner: forget the site’s Google key (suggestions go back to the server’s key or the offline datasets)',
    response: placesSettingsView,
  },
  'POST /api/owner/places/check': {
    summary: 'Owner: ask Google now whether a key (or the stored one, when none is given) answers',
    body: z.object({ googleApiKey: googleKey.optional() }),
    response: placesCheckAnswer,
  },
} as const;
