import { CURRENCY_CODES, instalmentProvider } from '@store/commerce';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  changedFields,
  failureMessages,
  type InstalmentPrefs,
  money,
  preferencesApi,
  type StorePrefs,
} from './settings-api';

type Errors = Record<string, string>;

/** A labelled control with its error underneath (ids tie the two for screen readers). */
export function Field(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="ss-field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint && <small className="ss-hint">{props.hint}</small>}
      {props.error && (
        <small className="field-error" id={`${props.id}-error`}>
          {props.error}
        </small>
      )}
    </div>
  );
}

export function Check(props: { id: string; label: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    <label className="check ss-check" htmlFor={props.id}>
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {props.label}
    </label>
  );
}

/**
 * Save a preferences form the spec §4 way: only the values that differ from what was loaded
 * are sent; afterwards the namespace is fetched again and that is what the form shows.
 */
async function saveChanges<T extends object>(
  namespace: 'store' | 'instalments',
  saved: T,
  draft: T,
  refetch: () => Promise<T>,
): Promise<{ saved: T; status: string; errors: Errors; general: string }> {
  const changes = changedFields(saved, draft);
  if (Object.keys(changes).length === 0)
    return { saved, status: 'No changes to save.', errors: {}, general: '' };
  try {
    await preferencesApi.save(namespace, changes);
    return { saved: await refetch(), status: 'Saved.', errors: {}, general: '' };
  } catch (failure) {
    const { fields, general } = failureMessages(failure);
    return { saved, status: '', errors: fields, general };
  }
}

function SectionHead({ title, status, general }: { title: string; status: string; general: string }) {
  return (
    <>
      <div className="ss-section__head">
        <h2>{title}</h2>
        <button type="submit" className="btn btn--primary">
          Save
        </button>
      </div>
      {general && (
        <p className="alert" role="alert">
          {general}
        </p>
      )}
      <p role="status" className="note">
        {status}
      </p>
    </>
  );
}

export function StoreSection({
  initial,
  onSaved,
}: {
  initial: StorePrefs;
  onSaved(prefs: StorePrefs): void;
}) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [minimum, setMinimum] = useState(money.text(initial.minimumOrderSubtotalCents, initial.currency));
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const [general, setGeneral] = useState('');
  const set = (patch: Partial<StorePrefs>) => setDraft({ ...draft, ...patch });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = money.parse(minimum, draft.currency);
    if (!parsed.ok) return setErrors({ minimumOrderSubtotalCents: parsed.message });
    const result = await saveChanges(
      'store',
      saved,
      { ...draft, minimumOrderSubtotalCents: parsed.minor },
      preferencesApi.store,
    );
    setErrors(result.errors);
    setStatus(result.status);
    setGeneral(result.general);
    if (result.status === 'Saved.') {
      setSaved(result.saved);
      setDraft(result.saved);
      setMinimum(money.text(result.saved.minimumOrderSubtotalCents, result.saved.currency));
      onSaved(result.saved);
    }
  }

  return (
    <form className="ss-section" id="store" onSubmit={submit} noValidate>
      <SectionHead title="Store" status={status} general={general} />
      <div className="ss-grid">
        <Field
          id="ss-currency"
          label="Currency"
          error={errors.currency}
          hint="Prices keep their numbers; placed orders keep the currency they were paid in."
        >
          <select
            id="ss-currency"
            value={draft.currency}
            onChange={(e) => set({ currency: e.target.value as StorePrefs['currency'] })}
          >
            {CURRENCY_CODES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </Field>
        <Field
          id="ss-country"
          label="Store country"
          error={errors.storeCountry}
          hint="Two letters, e.g. US, GB, CA."
        >
          <input
            id="ss-country"
            value={draft.storeCountry}
            maxLength={2}
            aria-invalid={!!errors.storeCountry}
            onChange={(e) => set({ storeCountry: e.target.value.toUpperCase() })}
          />
        </Field>
        <Field
          id="ss-minimum"
          label={`Minimum order subtotal (${draft.currency})`}
          error={errors.minimumOrderSubtotalCents}
        >
          <input
            id="ss-minimum"
            inputMode="decimal"
            value={minimum}
            aria-invalid={!!errors.minimumOrderSubtotalCents}
            onChange={(e) => setMinimum(e.target.value)}
          />
        </Field>
      </div>
      <div className="ss-checks">
        <Check
          id="ss-express"
          label="Express checkout (Add to Cart goes straight to checkout)"
          checked={draft.expressCheckout}
          onChange={(v) => set({ expressCheckout: v })}
        />
        <Check
          id="ss-light"
          label="Light cart"
          checked={draft.useLightCart}
          onChange={(v) => set({ useLightCart: v })}
        />
        <Check
          id="ss-services"
          label="Allow more than one of a service per order"
          checked={draft.multipleQuantityAllowedForServices}
          onChange={(v) => set({ multipleQuantityAllowedForServices: v })}
        />
        <Check
          id="ss-native-reviews"
          label="Product reviews"
          checked={draft.enableNativeReviews}
          onChange={(v) => set({ enableNativeReviews: v })}
        />
        <Check
          id="ss-imported-reviews"
          label="Imported reviews"
          checked={draft.enableImportedReviews}
          onChange={(v) => set({ enableImportedReviews: v })}
        />
      </div>
    </form>
  );
}

/** Why the pill will not show although instalments are on (spec §9 provider countries), or ''. */
function providerNote(enabled: boolean, provider: InstalmentPrefs['provider'], country: string): string {
  if (!enabled) return '';
  const served = instalmentProvider(country, 'en')?.provider.toLowerCase();
  if (!served) return `No instalment provider serves ${country}: shoppers will not see the offer.`;
  if (served !== provider)
    return `${country} is served by ${served === 'clearpay' ? 'Clearpay' : 'Afterpay'}: choose it for shoppers to see the offer.`;
  return '';
}

export function InstalmentsSection({
  initial,
  currency,
  country,
}: {
  initial: InstalmentPrefs;
  currency: string;
  /** The store country (namespace store): which provider serves it. */
  country: string;
}) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [limits, setLimits] = useState({
    min: money.text(initial.minCents, currency),
    max: money.text(initial.maxCents, currency),
  });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const [general, setGeneral] = useState('');

  const note = providerNote(draft.enabled, draft.provider, country);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const min = money.parse(limits.min, currency);
    const max = money.parse(limits.max, currency);
    if (!min.ok || !max.ok)
      return setErrors({
        ...(min.ok ? {} : { minCents: min.message }),
        ...(max.ok ? {} : { maxCents: max.message }),
      });
    const result = await saveChanges(
      'instalments',
      saved,
      { ...draft, minCents: min.minor, maxCents: max.minor },
      preferencesApi.instalments,
    );
    setErrors(result.errors);
    setStatus(result.status);
    setGeneral(result.general);
    if (result.status === 'Saved.') {
      setSaved(result.saved);
      setDraft(result.saved);
      setLimits({
        min: money.text(result.saved.minCents, currency),
        max: money.text(result.saved.maxCents, currency),
      });
    }
  }

  return (
    <form className="ss-section" id="instalments" onSubmit={submit} noValidate>
      <SectionHead title="Instalments" status={status} general={general} />
      <div className="ss-checks">
        <Check
          id="ss-inst-on"
          label="Offer pay-in-4 instalments on physical products"
          checked={draft.enabled}
          onChange={(v) => setDraft({ ...draft, enabled: v })}
        />
      </div>
      {note && <p className="ss-warning">{note}</p>}
      <div className="ss-grid">
        <Field
          id="ss-provider"
          label="Provider"
          error={errors.provider}
          hint="Clearpay serves GB; Afterpay the US, CA, AU and NZ."
        >
          <select
            id="ss-provider"
            value={draft.provider}
            onChange={(e) => setDraft({ ...draft, provider: e.target.value as InstalmentPrefs['provider'] })}
          >
            <option value="afterpay">Afterpay</option>
            <option value="clearpay">Clearpay</option>
          </select>
        </Field>
        <Field id="ss-inst-min" label={`Orders over (${currency})`} error={errors.minCents}>
          <input
            id="ss-inst-min"
            inputMode="decimal"
            value={limits.min}
            aria-invalid={!!errors.minCents}
            onChange={(e) => setLimits({ ...limits, min: e.target.value })}
          />
        </Field>
        <Field id="ss-inst-max" label={`Orders up to (${currency})`} error={errors.maxCents}>
          <input
            id="ss-inst-max"
            inputMode="decimal"
            value={limits.max}
            aria-invalid={!!errors.maxCents}
            onChange={(e) => setLimits({ ...limits, max: e.target.value })}
          />
        </Field>
      </div>
    </form>
  );
}
