import { type ReactNode, useEffect, useState } from 'react';
import { mayChange, usePermissions } from '../settings/people-api';
import { type InstalmentPrefs, preferencesApi, type StorePrefs } from './settings-api';
import { CouponsSection } from './settings-coupons';
import { PaymentsSection } from './settings-payments';
import { ReviewRequestsSection } from './settings-review-requests';
import { CartRecoverySection } from './settings-cart-recovery';
import { CheckoutNewsletterSection } from './settings-checkout-newsletter';
import { InstalmentsSection, StoreSection } from './settings-preferences';
import { ShippingSection } from './settings-shipping';
import { TaxSection } from './settings-tax';
import './settings.css';

const sections = [
  ['store', 'Store'],
  ['payments', 'Payments'],
  ['instalments', 'Instalments'],
  ['shipping', 'Shipping'],
  ['tax', 'Tax'],
  ['coupons', 'Coupons'],
  ['review-requests', 'Reviews request'],
  ['abandoned-carts', 'Abandoned carts'],
  ['checkout-newsletter', 'Newsletter at checkout'],
] as const;

/**
 * Store settings (/config/commerce/settings): the spec §7 commerce preferences (store,
 * instalments), how payments are taken, and the shipping options, tax rules and coupons
 * carts are priced with.
 * Money is typed in the store currency; a currency change re-labels every section at once.
 */
/** For roles that only read the store settings: every field and button shown, none usable. */
function ReadOnly({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return readOnly ? (
    <fieldset disabled className="ss-readonly">
      {children}
    </fieldset>
  ) : (
    children
  );
}

export function SettingsScreen(_props: { rest: string[] }) {
  const readOnly = !mayChange(usePermissions(), 'storeSettings');
  const [prefs, setPrefs] = useState<{ store: StorePrefs; instalments: InstalmentPrefs } | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    Promise.all([preferencesApi.store(), preferencesApi.instalments()])
      .then(([store, instalments]) => setPrefs({ store, instalments }))
      .catch(() => setError('Unable to load. Try again.'));
  }, []);
  if (!prefs)
    return error ? (
      <p className="alert" role="alert">
        {error}
      </p>
    ) : (
      <p className="loading">Loading…</p>
    );
  const currency = prefs.store.currency;
  return (
    <div className="store-settings">
      <div className="panel__head">
        <h1>Store settings</h1>
      </div>
      <nav className="ss-jump" aria-label="Store settings sections">
        {sections.map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
      </nav>
      {readOnly && <p className="note">Your role can see these settings but not change them.</p>}
      <ReadOnly readOnly={readOnly}>
        <StoreSection initial={prefs.store} onSaved={(store) => setPrefs({ ...prefs, store })} />
      </ReadOnly>
      {/* Read-only on its own terms (the webhook address can still be copied). */}
      <PaymentsSection />
      <ReadOnly readOnly={readOnly}>
        {/* Keyed by currency: its money fields are re-read in the new currency. */}
        <InstalmentsSection
          key={`i-${currency}`}
          initial={prefs.instalments}
          currency={currency}
          country={prefs.store.storeCountry}
        />
        <ShippingSection key={`s-${currency}`} currency={currency} />
        <TaxSection />
        <CouponsSection key={`c-${currency}`} currency={currency} />
      </ReadOnly>
      {/* Read-only on its own terms: it is the reviews moderators' setting. */}
      <ReviewRequestsSection />
      <CartRecoverySection />
      <CheckoutNewsletterSection />
    </div>
  );
}
