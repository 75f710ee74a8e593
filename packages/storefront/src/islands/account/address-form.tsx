import { type FormEvent, useState } from 'react';
import { addressRegionErrors, offlineAddressLookup as lookup } from '@store/commerce';
import type { AddressInput } from './addresses';
import { failureText, fieldErrors } from './account-text';

type Fields = AddressInput['address'];
type Key = keyof Fields;

const REQUIRED: Key[] = ['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country'];
const LABELS: Record<Key, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  address1: 'Address',
  address2: 'Apartment, suite (optional)',
  city: 'City',
  region: 'State / region',
  postalCode: 'Postal code',
  country: 'Country',
};
const AUTOCOMPLETE: Record<Key, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
};

/** The checkout's checks (`@store/commerce`'s, as the API runs them): required fields, a region where the country has them, postal format. */
export function addressFormErrors(fields: Fields): Partial<Record<Key, string>> {
  const errors: Partial<Record<Key, string>> = {};
  for (const key of REQUIRED) if (!String(fields[key] ?? '').trim()) errors[key] = 'Required';
  const { region, postalCode } = addressRegionErrors(fields);
  if (region) errors.region = region;
  if (postalCode && !errors.postalCode) errors.postalCode = postalCode;
  return errors;
}

export function AddressForm(props: {
  initial: { address: Fields; isDefault: boolean } | null;
  first: boolean;
  onSave(body: AddressInput): Promise<void>;
  onCancel(): void;
  /** Another use of the form (a subscription's delivery address): its heading, no default box. */
  title?: string;
  noDefault?: boolean;
}) {
  const [fields, setFields] = useState<Fields>(
    props.initial?.address ?? {
      firstName: '',
      lastName: '',
      address1: '',
      address2: '',
      city: '',
      region: '',
      postalCode: '',
      country: 'US',
    },
  );
  const [isDefault, setIsDefault] = useState(props.initial?.isDefault ?? props.first);
  const [errors, setErrors] = useState<Partial<Record<Key | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const regions = lookup.regions(fields.country);
  const set = (key: Key, value: string) =>
    // A new country resets the region: the old one belongs to another country.
    setFields((f) => (key === 'country' ? { ...f, country: value, region: '' } : { ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = addressFormErrors(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const address = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
    ) as Fields;
    try {
      await props.onSave({ address, isDefault });
    } catch (error) {
      const server = Object.fromEntries(
        Object.entries(fieldErrors(error)).map(([path, message]) => [
          path.replace(/^address\./, ''),
          message,
        ]),
      );
      setErrors(Object.keys(server).length ? server : { form: failureText(error) });
      setBusy(false);
    }
  };

  const input = (key: Key) => (
    <label key={key} htmlFor={`address-${key}`}>
      {LABELS[key]}
      {key === 'country' || (key === 'region' && regions.length > 0) ? (
        <select
          id={`address-${key}`}
          autoComplete={AUTOCOMPLETE[key]}
          value={fields[key] ?? ''}
          onChange={(e) => set(key, e.target.value)}
          aria-invalid={errors[key] ? true : undefined}
        >
          {key === 'region' && <option value="">Choose…</option>}
          {(key === 'country' ? lookup.countries() : regions).map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={`address-${key}`}
          autoComplete={AUTOCOMPLETE[key]}
          value={fields[key] ?? ''}
          onChange={(e) => set(key, e.target.value)}
          aria-invalid={errors[key] ? true : undefined}
        />
      )}
      {errors[key] && <span className="field-error">{errors[key]}</span>}
    </label>
  );

  return (
    <form className="account-form account-address-form" noValidate onSubmit={submit}>
      <h2>{props.title ?? (props.initial ? 'Edit address' : 'Add an address')}</h2>
      <div className="account-form__row">
        {input('firstName')}
        {input('lastName')}
      </div>
      {input('address1')}
      {input('address2')}
      <div className="account-form__row">
        {input('city')}
        {input('postalCode')}
      </div>
      <div className="account-form__row">
        {input('country')}
        {input('region')}
      </div>
      {!props.noDefault && (
        <label className="account-check">
          <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} /> Use
          as my default address
        </label>
      )}
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={busy}>
          Save address
        </button>
        <button type="button" className="link-button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
