import { FORM_MESSAGES } from '@store/commerce';
export interface CheckoutFields {
  email: string;
  firstName: string;
  lastName: string;
  address1: string;
  /** Apartment, suite: optional. */
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  shippingOptionId: string;
}

import { type AddressLookup, offlineAddressLookup } from './address-lookup';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field errors for the checkout form; an empty object means valid. */
export function validateCheckout(
  fields: CheckoutFields,
  needsShipping: boolean,
  lookup: AddressLookup = offlineAddressLookup,
): Partial<Record<keyof CheckoutFields, string>> {
  const errors: Partial<Record<keyof CheckoutFields, string>> = {};
  const email = fields.email.trim();
  if (!email) errors.email = 'Required';
  else if (email.length < 3 || email.length > 256 || !EMAIL.test(email)) errors.email = FORM_MESSAGES.email;
  if (needsShipping) {
    for (const key of ['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country'] as const) {
      if (!fields[key].trim()) errors[key] = 'Required';
    }
    if (!fields.shippingOptionId) errors.shippingOptionId = 'Required';
    // Countries with states or provinces need one of them; postal codes follow the country.
    const regions = lookup.regions(fields.country);
    if (regions.length > 0 && !regions.some((r) => r.code === fields.state)) errors.state = 'Required';
    if (fields.postalCode.trim() && !lookup.isPostalCode(fields.country, fields.postalCode))
      errors.postalCode = 'Postal code is not valid for this country.';
  }
  return errors;
}
