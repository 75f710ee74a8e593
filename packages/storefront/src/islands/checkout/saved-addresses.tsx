import type { ApiOutput } from '@store/api/client';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { cookie, signedIn } from '../../cookies';
import type { CheckoutFields } from './validate-checkout';
import { word } from '../words';

export type SavedAddress = ApiOutput<'GET /api/site-users/account/addresses'>['addresses'][number];

/** What a signed-in customer brings to checkout: the account's e-mail and saved addresses. */
export interface CheckoutAccount {
  email: string;
  addresses: SavedAddress[];
}

/**
 * The signed-in customer's e-mail and saved addresses (default first), or null for a guest.
 * A failed read leaves checkout as a guest's: nothing a customer must have to pay.
 */
export function useCheckoutAccount(): CheckoutAccount | null {
  const [account, setAccount] = useState<CheckoutAccount | null>(null);
  useEffect(() => {
    if (!signedIn(cookie('SiteUserInfo'))) return;
    let live = true;
    Promise.all([api('GET /api/site-users/account'), api('GET /api/site-users/account/addresses')])
      .then(([me, saved]) => {
        if (live) setAccount({ email: me.email, addresses: saved.addresses });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return account;
}

type AddressPart = Pick<
  CheckoutFields,
  'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'state' | 'postalCode' | 'country'
>;

/** A saved address as the checkout's fields (its region is the form's state). */
export function addressFields(saved: SavedAddress): AddressPart {
  const a = saved.address;
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    address1: a.address1,
    address2: a.address2 ?? '',
    city: a.city,
    state: a.region ?? '',
    postalCode: a.postalCode,
    country: a.country,
  };
}

function label(saved: SavedAddress): string {
  const a = saved.address;
  return [`${a.firstName} ${a.lastName}`, a.address1, a.city, a.postalCode, a.country].join(', ');
}

/** "Ship to a saved address": picking one fills the address fields (still editable after). */
export function SavedAddressPicker(props: {
  addresses: SavedAddress[];
  onPick: (fields: AddressPart) => void;
}) {
  const [chosen, setChosen] = useState('');
  if (props.addresses.length === 0) return null;
  return (
    <div className="checkout-saved-address checkout-address__wide">
      <label htmlFor="checkout-saved-address">{word('checkoutSavedAddresses')}</label>
      <select
        id="checkout-saved-address"
        value={chosen}
        onChange={(e) => {
          setChosen(e.target.value);
          const saved = props.addresses.find((s) => s.id === e.target.value);
          if (saved) props.onPick(addressFields(saved));
        }}
      >
        <option value="">{word('checkoutChooseSavedAddress')}</option>
        {props.addresses.map((s) => (
          <option key={s.id} value={s.id}>
            {label(s)}
            {s.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
