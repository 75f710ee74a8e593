import { type FormEvent, useEffect, useState } from 'react';
import { mayChange, usePermissions } from '../settings/people-api';
import { failureMessages } from './settings-api';
import {
  type ConnectionAnswer,
  draftOf,
  maskedLast4,
  modeOf,
  type PaymentSettings,
  type PaymentsDraft,
  paymentsApi,
  typedKeys,
} from './settings-payments-api';
import { Field } from './settings-preferences';
import './settings-payments.css';

type Errors = Record<string, string>;

/** The webhook address with a button that copies it (falls back to selecting it for Ctrl+C). */
function WebhookUrl({ url }: { url: string }) {
  const [copied, setCopied] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Copied.');
    } catch {
      (document.getElementById('pay-webhook-url') as HTMLInputElement | null)?.select();
      setCopied('Selected: press Ctrl+C (⌘C) to copy.');
    }
  }
  return (
    <div className="ss-field pay-webhook">
      <label htmlFor="pay-webhook-url">Webhook endpoint</label>
      <div className="pay-webhook__row">
        <input id="pay-webhook-url" value={url} readOnly onFocus={(e) => e.target.select()} />
        <button type="button" className="btn btn--plain" onClick={copy}>
          Copy
        </button>
      </div>
      <small className="ss-hint">
        In the Stripe dashboard (Developers → Webhooks) add this endpoint with the events
        payment_intent.succeeded, payment_intent.amount_capturable_updated, payment_intent.payment_failed,
        payment_intent.canceled, payment_intent.processing, payment_intent.requires_action and
        charge.refunded, then paste its signing secret below. <span role="status">{copied}</span>
      </small>
    </div>
  );
}

/** A secret field: shows "•••• 1234" when one is stored, never the value; typing replaces it. */
function SecretField(props: {
  id: string;
  label: string;
  value: string;
  last4: string | null;
  error?: string;
  hint: string;
  canEdit: boolean;
  onChange(value: string): void;
}) {
  const stored = props.last4 ? `Stored: ${maskedLast4(props.last4)}.` : '';
  return (
    <Field
      id={props.id}
      label={props.label}
      error={props.error}
      hint={stored ? (props.canEdit ? `${stored} Type a new one to replace it.` : stored) : props.hint}
    >
      <input
        id={props.id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder={maskedLast4(props.last4)}
        value={props.value}
        aria-invalid={!!props.error}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

/**
 * Commerce → Store settings → Payments: the built-in test mode or Stripe, its keys (secrets are
 * sent once and never shown again), when the money is taken, the webhook address for Stripe's
 * dashboard, and a connection check that says what is wrong. Read-only roles see it disabled.
 */
export function PaymentsSection() {
  const canEdit = mayChange(usePermissions(), 'storeSettings');
  const [saved, setSaved] = useState<PaymentSettings | null>(null);
  const [draft, setDraft] = useState<PaymentsDraft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const [general, setGeneral] = useState('');
  const [check, setCheck] = useState<ConnectionAnswer | { pending: true } | null>(null);

  useEffect(() => {
    paymentsApi.read().then(
      (settings) => {
        setSaved(settings);
        setDraft(draftOf(settings));
      },
      () => setGeneral('Unable to load the payment settings. Try again.'),
    );
  }, []);

  if (!saved || !draft)
    return (
      <section className="ss-section" id="payments">
        <h2>Payments</h2>
        {general ? <p className="alert">{general}</p> : <p className="loading">Loading…</p>}
      </section>
    );

  // An edited field's error and the last check's answer were about what was there before.
  const set = (patch: Partial<PaymentsDraft>) => {
    setDraft({ ...draft, ...patch });
    setStatus('');
    const rest = Object.fromEntries(Object.entries(errors).filter(([field]) => !(field in patch)));
    if (Object.keys(rest).length !== Object.keys(errors).length) setErrors(rest);
    if (check && ('publishableKey' in patch || 'secretKey' in patch || 'webhookSecret' in patch))
      setCheck(null);
  };
  const mode = modeOf(draft, saved);
  const stripe = draft.provider === 'stripe';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setStatus('Saving…');
    try {
      const answer = await paymentsApi.save({
        provider: draft.provider,
        captureMode: draft.captureMode,
        ...typedKeys(draft),
      });
      setSaved(answer);
      setDraft(draftOf(answer));
      setErrors({});
      setGeneral('');
      setStatus('Saved.');
    } catch (failure) {
      const { fields, general } = failureMessages(failure);
      setErrors(fields);
      setGeneral(general);
      setStatus('');
    }
  }

  async function checkConnection() {
    if (!draft) return;
    setCheck({ pending: true });
    try {
      setCheck(await paymentsApi.check(typedKeys(draft)));
      setErrors({});
    } catch (failure) {
      const { fields, general } = failureMessages(failure);
      setErrors(fields);
      const first = Object.values(fields)[0];
      setCheck({ ok: false, message: general || first || 'The connection could not be checked.' });
    }
  }

  return (
    <form className="ss-section pay" id="payments" onSubmit={submit} noValidate>
      <div className="ss-section__head">
        <h2>
          Payments{' '}
          <span className={`pay-mode pay-mode--${mode}`} data-testid="payments-mode">
            {mode === 'live' ? 'LIVE' : 'TEST'}
          </span>
        </h2>
        {canEdit && (
          <button type="submit" className="btn btn--primary">
            Save
          </button>
        )}
      </div>
      <p className="ss-hint pay-mode__words">
        {mode === 'live'
          ? 'Live: real cards are charged.'
          : stripe
            ? 'Test: Stripe test keys, no real money moves.'
            : 'Test mode: orders are marked as test and no real money moves.'}
      </p>
      {!canEdit && <p className="ss-warning">Your role can see these settings but not change them.</p>}
      {general && (
        <p className="alert" role="alert">
          {general}
        </p>
      )}
      {stripe && saved.problem && <p className="ss-warning">{saved.problem}</p>}
      <p role="status" className="note">
        {status}
      </p>
      <fieldset className="pay-fields" disabled={!canEdit}>
        <fieldset className="pay-choice">
          <legend>Provider</legend>
          <label className="check">
            <input
              type="radio"
              name="pay-provider"
              checked={!stripe}
              onChange={() => set({ provider: 'test' })}
            />
            Test mode (built in)
          </label>
          <label className="check">
            <input
              type="radio"
              name="pay-provider"
              checked={stripe}
              onChange={() => set({ provider: 'stripe' })}
            />
            Stripe
          </label>
        </fieldset>
        {stripe && (
          <div className="ss-grid pay-keys">
            <Field
              id="pay-publishable"
              label="Publishable key"
              error={errors.publishableKey}
              hint="Starts with pk_test_ or pk_live_."
            >
              <input
                id="pay-publishable"
                spellCheck={false}
                autoComplete="off"
                value={draft.publishableKey}
                aria-invalid={!!errors.publishableKey}
                onChange={(e) => set({ publishableKey: e.target.value })}
              />
            </Field>
            <SecretField
              id="pay-secret"
              label="Secret key"
              value={draft.secretKey}
              last4={saved.secretKeyLast4}
              error={errors.secretKey}
              hint="Starts with sk_ or rk_ (a restricted key). Stored encrypted; never shown again."
              canEdit={canEdit}
              onChange={(secretKey) => set({ secretKey })}
            />
            <SecretField
              id="pay-webhook-secret"
              label="Webhook signing secret"
              value={draft.webhookSecret}
              last4={saved.webhookSecretLast4}
              error={errors.webhookSecret}
              hint="Starts with whsec_. Lets the shop trust Stripe's messages about payments."
              canEdit={canEdit}
              onChange={(webhookSecret) => set({ webhookSecret })}
            />
          </div>
        )}
      </fieldset>
      {/* Outside the disabled fields: a reader may still copy the address. */}
      {stripe && <WebhookUrl url={saved.webhookUrl} />}
      <fieldset className="pay-fields" disabled={!canEdit}>
        {stripe && canEdit && (
          <div className="pay-check">
            <button type="button" className="btn btn--plain" onClick={checkConnection}>
              Check connection
            </button>
            <span
              role="status"
              className={check && 'ok' in check ? (check.ok ? 'pay-check--ok' : 'pay-check--bad') : ''}
            >
              {check && ('pending' in check ? 'Asking Stripe…' : check.message)}
            </span>
          </div>
        )}
        <fieldset className="pay-choice">
          <legend>When to take the money</legend>
          <label className="check">
            <input
              type="radio"
              name="pay-capture"
              checked={draft.captureMode === 'automatic'}
              onChange={() => set({ captureMode: 'automatic' })}
            />
            Capture at once (the order is paid when placed)
          </label>
          <label className="check">
            <input
              type="radio"
              name="pay-capture"
              checked={draft.captureMode === 'manual'}
              onChange={() => set({ captureMode: 'manual' })}
            />
            Authorise now, capture later from the order
          </label>
        </fieldset>
      </fieldset>
    </form>
  );
}
