/**
 * Address autocomplete behind one interface (spec §7: `GET /api/google-maps/places/autocomplete`
 * and `/details`). The default provider works offline from shipped open datasets; Google
 * Places answers instead when the owner has given a key.
 */

/** One suggestion for what the buyer has typed. */
export interface PlaceSuggestion {
  /** Opaque to the browser: hand it back to `details`. */
  placeId: string;
  /** The whole line, e.g. "Albany, NY 12207, United States". */
  description: string;
  mainText: string;
  secondaryText: string;
}

/** What a suggestion fills in the checkout's address form (codes as the form takes them). */
export interface PlaceAddress {
  country: string;
  /** The country's region code where the checkout has a list (US, CA, AU), else a name. */
  region?: string;
  city?: string;
  postalCode?: string;
  address1?: string;
}

export interface AutocompleteInput {
  input: string;
  /** ISO 3166-1 alpha-2: suggestions in that country only. */
  country?: string;
  /** Groups one buyer's keystrokes and the details call into one billed session (Google). */
  sessionToken?: string;
}

export type PlacesFailure = 'unavailable' | 'refused';
export type PlacesResult<T> = { ok: true; value: T } | { ok: false; reason: PlacesFailure };

export interface PlacesProvider {
  readonly name: 'offline' | 'google';
  autocomplete(query: AutocompleteInput): Promise<PlacesResult<PlaceSuggestion[]>>;
  /** The address of a suggestion; null for an id this provider never gave out. */
  details(placeId: string, options?: { sessionToken?: string }): Promise<PlacesResult<PlaceAddress | null>>;
}

/** At most this many suggestions are answered. */
export const MAX_SUGGESTIONS = 5;
