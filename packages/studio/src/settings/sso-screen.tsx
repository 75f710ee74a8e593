import type { SsoSettingsView } from '@store/api';
import type { ApiOutput } from '@store/api/client';
import { type FormEvent, useEffect, useState } from 'react';
import { call } from '../api';
import { failureMessages } from '../commerce/settings-api';
import { Field } from '../commerce/settings-preferences';
import { mayChange, usePermissions } from './people-api';
import '../commerce/settings.css';
import './domain-mail.css';
import './sso.css';

type CheckAnswer = ApiOutput<'POST /api/owner/sso/check'>;

interface Draft {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string;
}

const draftOf = (s: SsoSettingsView): Draft => ({
  enabled: s.enabled,
  issuer: s.issuer,
  clientId: s.clientId,
  clientSecret: '',
  buttonLabel: s.buttonLabel,
});

/**
 * Settings → Sign-in with SSO: the site's members and customers sign in with an OpenID
 * Connect provider (docs/sso.md). The client secret is sent once, stored encrypted and shown
 * only as its last four characters; "Check connection" fetches the issuer's discovery
 * document now. Only the owner and admins may change it (the `domain` capability).
 */
export function SsoScreen(_props: { rest: string[] }) {
  const canEdit = mayChange(usePermissions(), 'domain');
  const [saved, setSaved] = useState<SsoSettingsView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState('');
  const [status, setStatus] = useState('');
  const [check, setCheck] = useState<CheckAnswer | 'checking' | null>(null);

  useEffect(() => {
    call('GET /api/owner/sso').then(
      (settings) => {
        setSaved(settings);
        setDraft(draftOf(settings));
      },
      () => setGeneral('Unable to load. Try again.'),
    );
  }, []);

  if (!saved || !draft)
    return general ? (
      <p className="alert" role="alert">
        {general}
      </p>
    ) : (
      <p className="loading">Loading…</p>
    );

  const set = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setStatus('');
    setErrors(Object.fromEntries(Object.entries(errors).filter(([field]) => !(field in patch))));
    if ('issuer' in patch && check !== 'checking') setCheck(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setStatus('Saving…');
    try {
      const { clientSecret, ...rest } = draft;
      const answer = await call('PUT /api/owner/sso', {
        body: { ...rest, ...(clientSecret.trim() ? { clientSecret } : {}) },
      });
      setSaved(answer);
      setDraft(draftOf(answer));
      setErrors({});
      setGeneral('');
      setStatus('Saved.');
    } catch (failure) {
      const { fields, general } = failureMessages(failure);
      setErrors(fields);
      setGeneral(general || (Object.keys(fields).length ? 'Check the fields marked below.' : ''));
      setStatus('');
    }
  }

  async function checkConnection() {
    if (!draft) return;
    setCheck('checking');
    try {
      setCheck(
        await call('POST /api/owner/sso/check', { body: { issuer: draft.issuer, clientId: draft.clientId } }),
      );
    } catch (failure) {
      const { fields, general } = failureMessages(failure);
      setCheck({ ok: false, message: general || Object.values(fields)[0] || 'Not checked.' });
    }
  }

  const err = (field: string) => errors[field];
  return (
    <form className="store-settings domain-mail sso-settings" onSubmit={submit} noValidate>
      <div className="panel__head">
        <h1>Sign-in with SSO</h1>
        {canEdit && (
          <button type="submit" className="btn btn--primary">
            Save
          </button>
        )}
      </div>
      {!canEdit && <p className="ss-warning">Your role can see these settings but not change them.</p>}
      {general && (
        <p className="alert" role="alert">
          {general}
        </p>
      )}
      {saved.problem && <p className="ss-warning">{saved.problem}</p>}
      <p role="status" className="note">
        {status}
      </p>
      <fieldset className="dm-fields" disabled={!canEdit}>
        <section className="ss-section" aria-labelledby="sso-provider">
          <h2 id="sso-provider">Provider</h2>
          <p className="ss-hint">
            Members and customers can sign in with an OpenID Connect provider you trust (your company’s login,
            Google Workspace, Microsoft Entra, Okta, Keycloak …). Register this site at the provider as a web
            application with the redirect URI below, then copy its issuer URL, client ID and client secret
            here.
          </p>
          <div className="sso-redirect">
            <span className="sso-redirect__label">Redirect URI</span>
            <code data-testid="sso-redirect-uri">{saved.redirectUri}</code>
          </div>
          <div className="ss-grid">
            <Field
              id="sso-issuer"
              label="Issuer URL"
              error={err('issuer')}
              hint="e.g. https://login.example.com/realms/shop"
            >
              <input
                id="sso-issuer"
                type="url"
                inputMode="url"
                spellCheck={false}
                autoComplete="off"
                value={draft.issuer}
                aria-invalid={!!err('issuer')}
                onChange={(e) => set({ issuer: e.target.value })}
              />
            </Field>
            <Field id="sso-client-id" label="Client ID" error={err('clientId')}>
              <input
                id="sso-client-id"
                spellCheck={false}
                autoComplete="off"
                value={draft.clientId}
                aria-invalid={!!err('clientId')}
                onChange={(e) => set({ clientId: e.target.value })}
              />
            </Field>
            <Field
              id="sso-client-secret"
              label="Client secret"
              error={err('clientSecret')}
              hint={
                saved.clientSecretLast4
                  ? `Stored encrypted, ending in …${saved.clientSecretLast4}.${canEdit ? ' Type a new one to replace it.' : ''}`
                  : 'Stored encrypted; never shown again.'
              }
            >
              <input
                id="sso-client-secret"
                type="password"
                autoComplete="new-password"
                placeholder={saved.clientSecretLast4 ? `•••• ${saved.clientSecretLast4}` : ''}
                value={draft.clientSecret}
                aria-invalid={!!err('clientSecret')}
                onChange={(e) => set({ clientSecret: e.target.value })}
              />
            </Field>
          </div>
        </section>

        <section className="ss-section" aria-labelledby="sso-button">
          <h2 id="sso-button">On the sign-in page</h2>
          <Field
            id="sso-label"
            label="Button label"
            error={err('buttonLabel')}
            hint={`Visitors see “Continue with ${draft.buttonLabel.trim() || '…'}”.`}
          >
            <input
              id="sso-label"
              maxLength={60}
              value={draft.buttonLabel}
              aria-invalid={!!err('buttonLabel')}
              onChange={(e) => set({ buttonLabel: e.target.value })}
            />
          </Field>
          <label className="check ss-check sso-enabled" htmlFor="sso-enabled">
            <input
              id="sso-enabled"
              type="checkbox"
              checked={draft.enabled}
              onChange={(e) => set({ enabled: e.target.checked })}
            />
            Offer sign-in with SSO to members and customers
          </label>
          <p className="ss-hint">
            A first sign-in links to the account with the same e-mail only when the provider confirms the
            address; otherwise the visitor is asked to sign in with their password. The site’s owner and
            contributors always sign in with their password.
          </p>
        </section>
      </fieldset>

      {canEdit && (
        <section className="ss-section" aria-labelledby="sso-check">
          <h2 id="sso-check">Check connection</h2>
          <p className="ss-hint">
            Asks the issuer typed above for its OpenID Connect discovery document now.
          </p>
          <button
            type="button"
            className="btn btn--plain"
            disabled={check === 'checking' || !draft.issuer.trim()}
            onClick={checkConnection}
          >
            {check === 'checking' ? 'Checking…' : 'Check connection'}
          </button>
          <p
            role="status"
            data-testid="sso-check-result"
            className={
              check && check !== 'checking'
                ? check.ok
                  ? 'dm-result dm-result--ok'
                  : 'dm-result dm-result--bad'
                : 'dm-result'
            }
          >
            {check && check !== 'checking' ? check.message : ''}
          </p>
        </section>
      )}
    </form>
  );
}
