export interface CheckoutFields {
  email: string;
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  shippingOptionId: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field errors for the checkout form; an empty object means valid. */
export function validateCheckout(
  fields: CheckoutFields,
  needsShipping: boolean,
): Partial<Record<keyof CheckoutFields, string>> {
  const errors: Partial<Record<keyof CheckoutFields, string>> = {};
  const email = fields.email.trim();
  if (!email) errors.email = 'Required';
  else if (email.length < 3 || email.length > 256 || !EMAIL.test(email))
    errors.email = 'Email is not valid. Email addresses should follow the format user@domain.com.';
  if (needsShipping) {
    for (const key of ['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country'] as const) {
      if (!fields[key].trim()) errors[key] = 'Required';
    }
    if (!fields.shippingOptionId) errors.shippingOptionId = 'Required';
  }
  return errors;
}
