import { type IslandWord, offlineAddressLookup } from '@store/commerce';
import type { ReactNode } from 'react';
import type { CheckoutFields } from './validate-checkout';
import { word } from '../words';

type Key = Exclude<keyof CheckoutFields, 'shippingOptionId'>;
export type CheckoutErrors = Partial<Record<keyof CheckoutFields, string>>;

const LABELS: Record<Key, IslandWord> = {
  email: 'checkoutEmail',
  firstName: 'checkoutFirstName',
  lastName: 'checkoutLastName',
  address1: 'checkoutAddress',
  address2: 'checkoutAddress2',
  city: 'checkoutCity',
  state: 'checkoutState',
  postalCode: 'checkoutPostalCode',
  country: 'checkoutCountry',
};

/**
 * Contact and shipping address: labelled fields, each error beside its field. Countries and
 * regions come from the address lookup; a new country clears the region (it belonged to the
 * old one).
 */
export function AddressFields(props: {
  fields: CheckoutFields;
  errors: CheckoutErrors;
  needsShipping: boolean;
  onChange: (key: Key, value: string) => void;
  /** A signed-in customer's saved-address picker, first in the address fieldset. */
  saved?: ReactNode;
  /** Under the e-mail field (the store's "Keep me posted" box). */
  afterEmail?: ReactNode;
}) {
  const { fields, errors } = props;
  const described = (key: Key) => ({
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby': errors[key] ? `checkout-${key}-error` : undefined,
  });
  const error = (key: Key) =>
    errors[key] && (
      <span id={`checkout-${key}-error`} className="field-error">
        {errors[key]}
      </span>
    );
  const input = (key: Key, autoComplete: string, type = 'text', className?: string) => (
    <div className={className}>
      <label htmlFor={`checkout-${key}`}>{word(LABELS[key])}</label>
      <input
        id={`checkout-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={fields[key]}
        onChange={(e) => props.onChange(key, e.target.value)}
        {...described(key)}
      />
      {error(key)}
    </div>
  );
  const select = (key: Key, autoComplete: string, options: { value: string; label: string }[]) => (
    <div>
      <label htmlFor={`checkout-${key}`}>{word(LABELS[key])}</label>
      <select
        id={`checkout-${key}`}
        autoComplete={autoComplete}
        value={fields[key]}
        onChange={(e) => props.onChange(key, e.target.value)}
        {...described(key)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error(key)}
    </div>
  );
  const regions = offlineAddressLookup.regions(fields.country);

  return (
    <>
      <fieldset className="checkout-section">
        <legend>{word('checkoutContact')}</legend>
        {input('email', 'email', 'email')}
        {props.afterEmail}
      </fieldset>
      {props.needsShipping && (
        <fieldset className="checkout-section checkout-address">
          <legend>{word('checkoutShippingAddress')}</legend>
          {props.saved}
          {input('firstName', 'given-name')}
          {input('lastName', 'family-name')}
          {input('address1', 'address-line1', 'text', 'checkout-address__wide')}
          {input('address2', 'address-line2', 'text', 'checkout-address__wide')}
          {input('city', 'address-level2')}
          {select(
            'country',
            'country',
            offlineAddressLookup.countries().map((c) => ({ value: c.code, label: c.name })),
          )}
          {regions.length > 0
            ? select('state', 'address-level1', [
                { value: '', label: word('checkoutChoose') },
                ...regions.map((r) => ({ value: r.code, label: r.name })),
              ])
            : input('state', 'address-level1')}
          {input('postalCode', 'postal-code')}
        </fieldset>
      )}
    </>
  );
}
