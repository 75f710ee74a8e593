import { isEmailAddress } from '@store/commerce';
import { SETUP_MESSAGES } from '@store/api';
import { API_MESSAGES } from '@store/api/client';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { ApiFailure } from '../api';
import { type SetupValues, type Starter, setupApi } from './setup-api';
import { countryOptions, currencyOptions, guessedDefaults, timeZoneOptions } from './setup-options';
import './setup.css';

type Errors = Partial<Record<keyof SetupValues | 'repeat' | '_', string>>;

function Field(props: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="setup__field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint && !props.error && (
        <p className="setup__hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="setup__error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

/** What the owner typed, checked as far as the browser can; the server checks everything again. */
function check(values: SetupValues, repeat: string): Errors {
  const errors: Errors = {};
  if (!values.siteTitle.trim()) errors.siteTitle = 'Enter a site title.';
  if (!isEmailAddress(values.email.trim())) errors.email = API_MESSAGES.invalidEmail;
  if (values.password.length < SETUP_MESSAGES.passwordMin) errors.password = SETUP_MESSAGES.passwordTooShort;
  else if (values.password !== repeat) errors.repeat = SETUP_MESSAGES.passwordsDiffer;
  return errors;
}

/**
 * The first-run screen of a new deployment (no site yet): the site's title, the owner's
 * account, the store's currency, country and time zone, and a starter site. Creating it signs
 * the owner in; `onDone` then opens the studio.
 */
export function SetupScreen({ starters, onDone }: { starters: Starter[]; onDone(): void }) {
  const language = navigator.language || 'en-US';
  const guessed = useMemo(() => guessedDefaults(language), [language]);
  const currencies = useMemo(() => currencyOptions(language), [language]);
  const countries = useMemo(() => countryOptions(language), [language]);
  const zones = useMemo(() => timeZoneOptions(), []);
  const [values, setValues] = useState<SetupValues>({
    siteTitle: '',
    email: '',
    password: '',
    currency: guessed.currency,
    country: countries.some((c) => c.value === guessed.country) ? guessed.country : 'US',
    timeZone: zones.some((z) => z.value === guessed.timeZone) ? guessed.timeZone : 'UTC',
    starter: starters[0]?.id ?? 'blank',
  });
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<SetupValues>) => setValues((v) => ({ ...v, ...change }));
  const described = (id: string, key: keyof Errors) => ({
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(values, repeat);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await setupApi.create({ ...values, siteTitle: values.siteTitle.trim(), email: values.email.trim() });
      onDone();
    } catch (failure) {
      if (!(failure instanceof ApiFailure)) throw failure;
      const fields = (failure.body as { errors?: Errors }).errors;
      setErrors(fields && failure.status === 400 ? fields : { _: failure.message });
      setBusy(false);
    }
  }

  return (
    <main className="setup">
      <form className="setup__card" onSubmit={submit} noValidate aria-labelledby="setup-title">
        <header className="setup__head">
          <h1 id="setup-title">Set up your site</h1>
          <p className="muted">
            A few details and a starting design, and you are in the studio. You can change all of it later.
          </p>
        </header>
        {errors._ && (
          <p className="alert" role="alert">
            {errors._} <a href="/config/sign-in">Sign in</a>
          </p>
        )}
        <fieldset className="setup__group">
          <legend>Your site</legend>
          <Field
            id="setup-title-input"
            label="Site title"
            error={errors.siteTitle}
            hint="Shown in the header and in the browser tab."
          >
            <input
              id="setup-title-input"
              value={values.siteTitle}
              maxLength={100}
              autoComplete="organization"
              onChange={(e) => set({ siteTitle: e.target.value })}
              {...described('setup-title-input', 'siteTitle')}
            />
          </Field>
        </fieldset>
        <fieldset className="setup__group setup__group--columns">
          <legend>Your owner account</legend>
          <Field
            id="setup-email"
            label="Email"
            error={errors.email}
            hint="You sign in to the studio with it."
          >
            <input
              id="setup-email"
              type="email"
              autoComplete="username"
              value={values.email}
              onChange={(e) => set({ email: e.target.value })}
              {...described('setup-email', 'email')}
            />
          </Field>
          <Field
            id="setup-password"
            label="Password"
            error={errors.password}
            hint={`At least ${SETUP_MESSAGES.passwordMin} characters.`}
          >
            <input
              id="setup-password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set({ password: e.target.value })}
              {...described('setup-password', 'password')}
            />
          </Field>
          <Field id="setup-repeat" label="Repeat the password" error={errors.repeat}>
            <input
              id="setup-repeat"
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
              {...described('setup-repeat', 'repeat')}
            />
          </Field>
        </fieldset>
        <fieldset className="setup__group setup__group--columns">
          <legend>Your store</legend>
          <Field id="setup-currency" label="Currency" error={errors.currency}>
            <select
              id="setup-currency"
              value={values.currency}
              onChange={(e) => set({ currency: e.target.value })}
            >
              {currencies.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="setup-country" label="Country" error={errors.country}>
            <select
              id="setup-country"
              value={values.country}
              onChange={(e) => set({ country: e.target.value })}
            >
              {countries.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="setup-zone" label="Time zone" error={errors.timeZone}>
            <select
              id="setup-zone"
              value={values.timeZone}
              onChange={(e) => set({ timeZone: e.target.value })}
            >
              {zones.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
        <fieldset className="setup__group">
          <legend>Starting design</legend>
          {errors.starter && <p className="setup__error">{errors.starter}</p>}
          <div className="setup__starters">
            {starters.map((starter) => (
              <label
                key={starter.id}
                className={`setup__starter${values.starter === starter.id ? ' setup__starter--chosen' : ''}`}
              >
                <img src={starter.previewUrl} alt="" width="320" height="200" />
                <span className="setup__starter-name">
                  <input
                    type="radio"
                    name="starter"
                    value={starter.id}
                    checked={values.starter === starter.id}
                    onChange={() => set({ starter: starter.id })}
                  />
                  {starter.name}
                </span>
                <span className="setup__starter-text">{starter.description}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn--primary setup__submit" disabled={busy}>
          {busy ? 'Creating your site…' : 'Create my site'}
        </button>
      </form>
    </main>
  );
}
