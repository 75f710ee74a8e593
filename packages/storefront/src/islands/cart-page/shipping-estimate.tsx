import type { ShoppingCart } from '@store/api/client';
import { offlineAddressLookup } from '@store/commerce';
import { useState } from 'react';
import { chooseShippingOption } from './cart-edits';
import { ShippingOptions } from './shipping-options';
import { TotalsSummary } from './totals-summary';
import { useShippingLocation } from './use-shipping-location';
import { word } from '../words';

/**
 * The cart page's estimate: where it ships (country, region) → the shipping options and tax
 * the server works out for it, and the estimated total. The location is the cart's, so the
 * checkout starts from it.
 */
export function ShippingEstimate(props: { cart: ShoppingCart; currency: string }) {
  const { cart } = props;
  const initial = cart.shippingLocation;
  const [country, setCountry] = useState(initial?.country ?? '');
  const [region, setRegion] = useState(initial?.region ?? '');
  const regions = offlineAddressLookup.regions(country);
  // A region from another country's list is not sent (it would match no tax rule anyway).
  const validRegion = regions.length === 0 || regions.some((r) => r.code === region) ? region : '';
  const { pending, error } = useShippingLocation(
    country ? { country, ...(validRegion ? { region: validRegion } : {}) } : null,
    { initial: initial ? { country: initial.country, region: initial.region } : null, enabled: true },
  );
  return (
    <section className="shipping-estimate" aria-labelledby="estimate-title">
      <h2 id="estimate-title">
        {cart.requiresShipping ? word('cartEstimateShippingAndTax') : word('cartEstimateTax')}
      </h2>
      <div className="shipping-estimate__where">
        <div>
          <label htmlFor="estimate-country">{word('cartCountry')}</label>
          <select
            id="estimate-country"
            autoComplete="country"
            value={country}
            onChange={(e) => {
              setCountry(e.target.value);
              setRegion(''); // the old region belongs to another country
            }}
          >
            <option value="">{word('cartChoose')}</option>
            {offlineAddressLookup.countries().map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="estimate-region">{word('cartStateRegion')}</label>
          {regions.length > 0 ? (
            <select
              id="estimate-region"
              autoComplete="address-level1"
              value={validRegion}
              onChange={(e) => setRegion(e.target.value)}
            >
              <option value="">{word('cartChoose')}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          ) : (
            <input
              id="estimate-region"
              type="text"
              autoComplete="address-level1"
              value={region}
              disabled={!country}
              onChange={(e) => setRegion(e.target.value)}
            />
          )}
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {cart.requiresShipping && country && (
        <ShippingOptions
          idPrefix="estimate"
          options={cart.shippingOptions}
          selectedId={cart.selectedShippingOption?.id ?? null}
          currency={props.currency}
          onChoose={chooseShippingOption}
        />
      )}
      <TotalsSummary
        cart={cart}
        currency={props.currency}
        pending={pending}
        label={word('cartEstimatedTotal')}
      />
    </section>
  );
}
