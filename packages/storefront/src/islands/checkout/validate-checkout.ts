import {
  type AddressLookup,
  FORM_MESSAGES,
  addressRegionErrors,
  isEmailAddress,
  offlineAddressLookup,
} from '@store/commerce';

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

/**
 * Field errors for the checkout form; an empty object means valid. The e-mail and the
 * country-dependent address rules are `@store/commerce`'s, the same the API's checkout schema runs.
 */
export function validateCheckout(
  fields: CheckoutFields,
  needsShipping: boolean,
  lookup: AddressLookup = offlineAddressLookup,
): Partial<Record<keyof CheckoutFields, string>> {
  const errors: Partial<Record<keyof CheckoutFields, string>> = {};
  const email = fields.email.trim();
  if (!email) errors.email = 'Required';
  else if (!isEmailAddress(email)) errors.email = FORM_MESSAGES.email;
  if (needsShipping) {
    for (const key of ['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country'] as const) {
      if (!fields[key].trim()) errors[key] = 'Required';
    }
    if (!fields.shippingOptionId) errors.shippingOptionId = 'Required';
    // Countries with states or provinces need one of them; postal codes follow the country.
    const { region, postalCode } = addressRegionErrors(
      { country: fields.country, region: fields.state, postalCode: fields.postalCode },
      lookup,
    );
    if (region) errors.state = region;
    if (postalCode) errors.postalCode = postalCode;
  }
  return errors;
}
