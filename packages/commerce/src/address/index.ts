/**
 * Shipping addresses: the one dataset of countries, regions and postal formats, and the one
 * check that the checkout island, the account address book and the server's checkout and
 * address-book schemas all run, so the API refuses what the island refuses (tax rules key on
 * the region: an order without one would be taxed as if the state had no tax).
 */
import { type AddressLookup, offlineAddressLookup } from './countries';

export {
  type AddressLookup,
  COUNTRIES,
  type Country,
  POSTAL_CODE_FORMATS,
  REGIONS,
  type Region,
  offlineAddressLookup,
} from './countries';

/** Not worded by the spec: the island's words, said the same by the API. */
export const ADDRESS_MESSAGES = {
  required: 'Required',
  postalCode: 'Postal code is not valid for this country.',
  region: 'Choose a state or province of this country.',
} as const;

/** The parts of an address whose validity depends on the country. */
export interface AddressRegionParts {
  country: string;
  /** State, province or territory: its code for countries with a list (US, CA, AU), else free text. */
  region?: string;
  postalCode?: string;
}

/**
 * The country-dependent errors of an address: a country with regions needs one of its region
 * codes, and a postal code must have the country's format (a blank one is left to the caller's
 * "Required"). Empty when the address is valid.
 */
export function addressRegionErrors(
  address: AddressRegionParts,
  lookup: AddressLookup = offlineAddressLookup,
): { region?: string; postalCode?: string } {
  const errors: { region?: string; postalCode?: string } = {};
  const regions = lookup.regions(address.country);
  const region = (address.region ?? '').trim();
  if (regions.length > 0 && !regions.some((r) => r.code === region))
    errors.region = region ? ADDRESS_MESSAGES.region : ADDRESS_MESSAGES.required;
  const postalCode = address.postalCode ?? '';
  if (postalCode.trim() && !lookup.isPostalCode(address.country, postalCode))
    errors.postalCode = ADDRESS_MESSAGES.postalCode;
  return errors;
}
