import { COUNTRIES, REGIONS } from '@store/commerce';
import {
  MAX_SUGGESTIONS,
  type PlaceAddress,
  type PlaceSuggestion,
  type PlacesProvider,
  type PlacesResult,
} from './places-provider';

/**
 * Google Places API (New), over its REST interface: `POST /v1/places:autocomplete` for
 * suggestions and `GET /v1/places/{id}` with a field mask of the address components for the
 * details. Used when the owner has given a key; `apiBase` points tests at a local server that
 * speaks those two calls.
 */

const TIMEOUT_MS = 4_000;
const OFFERED = new Set(COUNTRIES.map((c) => c.code));

interface AutocompleteAnswer {
  suggestions?: {
    placePrediction?: {
      placeId?: string;
      text?: { text?: string };
      structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
    };
  }[];
}

interface AddressComponent {
  longText?: string;
  shortText?: string;
  types?: string[];
}

/** The answer's JSON; null when Google knows no such place (404, or 400 for a malformed id). */
async function call<T>(
  url: string,
  init: RequestInit,
  unknownOn400: boolean,
): Promise<PlacesResult<T | null>> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.status === 404 || (unknownOn400 && res.status === 400)) return { ok: true, value: null };
    // A bad key, a key without the Places API, or a quota: the owner's set-up, not the buyer's.
    if (res.status === 400 || res.status === 401 || res.status === 403 || res.status === 429)
      return { ok: false, reason: 'refused' };
    if (!res.ok) return { ok: false, reason: 'unavailable' };
    return { ok: true, value: (await res.json()) as T };
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
}

/** The checkout's address parts from Google's address components. */
export function addressFromComponents(components: readonly AddressComponent[]): PlaceAddress | null {
  const part = (type: string) => components.find((c) => c.types?.includes(type));
  const country = part('country')?.shortText?.toUpperCase() ?? '';
  if (!OFFERED.has(country)) return null;
  const regionPart = part('administrative_area_level_1');
  const regions = REGIONS[country];
  const region = regions
    ? regions.find((r) => r.code === regionPart?.shortText || r.name === regionPart?.longText)?.code
    : regionPart?.longText;
  const street = [part('street_number')?.longText, part('route')?.longText].filter(Boolean).join(' ');
  return {
    country,
    region,
    city: (part('locality') ?? part('postal_town') ?? part('sublocality'))?.longText,
    postalCode: part('postal_code')?.longText,
    address1: street || undefined,
  };
}

export function googlePlaces(options: {
  apiKey: string;
  apiBase?: string;
  language?: string;
}): PlacesProvider {
  const base = (options.apiBase ?? 'https://places.googleapis.com').replace(/\/$/, '');
  const headers = { 'content-type': 'application/json', 'x-goog-api-key': options.apiKey };
  return {
    name: 'google',

    async autocomplete({ input, country, sessionToken }) {
      const text = input.trim();
      if (text.length < 2) return { ok: true, value: [] };
      const answer = await call<AutocompleteAnswer>(
        `${base}/v1/places:autocomplete`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            input: text,
            includedRegionCodes: country
              ? [country.toLowerCase()]
              : [...OFFERED].map((c) => c.toLowerCase()).slice(0, 15),
            sessionToken,
            languageCode: options.language,
          }),
        },
        false,
      );
      if (!answer.ok) return answer;
      const suggestions: PlaceSuggestion[] = [];
      for (const { placePrediction: p } of answer.value?.suggestions ?? []) {
        if (!p?.placeId) continue;
        suggestions.push({
          placeId: p.placeId,
          description: p.text?.text ?? '',
          mainText: p.structuredFormat?.mainText?.text ?? p.text?.text ?? '',
          secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
        });
      }
      return { ok: true, value: suggestions.slice(0, MAX_SUGGESTIONS) };
    },

    async details(placeId, { sessionToken } = {}) {
      // Google's place ids are URL-safe; anything else was never one of its answers.
      if (!/^[\w-]{1,300}$/.test(placeId)) return { ok: true, value: null };
      const query = sessionToken ? `?sessionToken=${encodeURIComponent(sessionToken)}` : '';
      const answer = await call<{ addressComponents?: AddressComponent[] }>(
        `${base}/v1/places/${placeId}${query}`,
        { headers: { ...headers, 'x-goog-fieldmask': 'addressComponents' } },
        true,
      );
      if (!answer.ok) return answer;
      return { ok: true, value: answer.value && addressFromComponents(answer.value.addressComponents ?? []) };
    },
  };
}
