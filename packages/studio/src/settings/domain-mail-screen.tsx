import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../api';
import { failureMessages } from '../commerce/settings-api';
import { Field } from '../commerce/settings-preferences';
import {
  type DomainMailDraft,
  draftOf,
  domainMailApi,
  type MailSettings,
  type MailTestAnswer,
  portPlaceholder,
  SECURITY_LABELS,
  saveBodyOf,
  smtpOf,
} from './domain-mail-api';
import { MailPreviewSection } from './domain-mail-preview';
import { mayChange, usePermissions } from './people-api';
import '../commerce/settings.css';
import './domain-mail.css';

type Errors = Record<string, string>;

/**
 * Settings → Domain & mail: the site's public address (every link in its mail, canonical
 * addresses, the sitemap), who its mail is from, its own SMTP server (the password is sent
 * once and never shown again), a test message through what is typed, and a preview of every
 * message. Roles that may only read see it all disabled, without Save or the test.
 */
export function DomainMailScreen(_props: { rest: string[] }) {
  const canEdit = mayChange(usePermissions(), 'domain');
  const [saved, setSaved] = useState<MailSettings | null>(null);
  const [draft, setDraft] = useState<DomainMailDraft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState('');
  const [status, setStatus] = useState('');
  const [to, setTo] = useState('');
  const [test, setTest] = useState<MailTestAnswer | 'sending' | null>(null);

  useEffect(() => {
    domainMailApi.read().then(
      (settings) => {
        setSaved(settings);
        setDraft(draftOf(settings));
      },
      () => setGeneral('Unable to load. Try again.'),
    );
    api.session().then(
      (session) => setTo((typed) => typed || session.owner.email),
      () => undefined,
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

  // An edited field's error and the last test's verdict were about what was there before.
  const set = (patch: Partial<DomainMailDraft>) => {
    setDraft({ ...draft, ...patch });
    setStatus('');
    setErrors(Object.fromEntries(Object.entries(errors).filter(([field]) => !(field in patch))));
    if (test && test !== 'sending') setTest(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setStatus('Saving…');
    try {
      const answer = await domainMailApi.save(saveBodyOf(draft));
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

  async function sendTest() {
    if (!draft) return;
    setTest('sending');
    try {
      const body = { to: to.trim(), senderName: draft.senderName, senderAddress: draft.senderAddress };
      setTest(await domainMailApi.test({ ...body, smtp: smtpOf(draft) }));
    } catch (failure) {
      const { fields, general } = failureMessages(failure);
      setErrors(fields);
      setTest({ ok: false, via: 'none', message: general || Object.values(fields)[0] || 'Not sent.' });
    }
  }

  const own = draft.connection === 'own';
  const err = (field: string) => errors[field];
  return (
    <form className="store-settings domain-mail" onSubmit={submit} noValidate>
      <div className="panel__head">
        <h1>Domain &amp; mail</h1>
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
        <section className="ss-section" aria-labelledby="dm-address">
          <h2 id="dm-address">Domain</h2>
          <Field
            id="dm-public-address"
            label="Public address"
            error={err('publicAddress')}
            hint="Where visitors reach the site, e.g. https://shop.example.com. Every link in its mail (receipts, downloads, order status, gift cards, invitations), canonical addresses and the sitemap use it."
          >
            <input
              id="dm-public-address"
              type="url"
              inputMode="url"
              spellCheck={false}
              autoComplete="off"
              placeholder={saved.listeningAddress}
              value={draft.publicAddress}
              aria-invalid={!!err('publicAddress')}
              onChange={(e) => set({ publicAddress: e.target.value })}
            />
          </Field>
          <p className="ss-hint dm-now" data-testid="dm-effective">
            {saved.publicAddress
              ? `Links use ${saved.effectiveAddress}.`
              : `Not set yet: links use ${saved.listeningAddress}, where this server listens.`}
          </p>
        </section>

        <section className="ss-section" aria-labelledby="dm-sender">
          <h2 id="dm-sender">Sender</h2>
          <div className="ss-grid">
            <Field
              id="dm-sender-name"
              label="Sender name"
              error={err('senderName')}
              hint="Shown as who the mail is from."
            >
              <input
                id="dm-sender-name"
                value={draft.senderName}
                autoComplete="off"
                aria-invalid={!!err('senderName')}
                onChange={(e) => set({ senderName: e.target.value })}
              />
            </Field>
            <Field
              id="dm-sender-address"
              label="Sender address"
              error={err('senderAddress')}
              hint={`Empty: mail is from ${saved.defaultSender}.`}
            >
              <input
                id="dm-sender-address"
                type="email"
                spellCheck={false}
                autoComplete="off"
                value={draft.senderAddress}
                aria-invalid={!!err('senderAddress')}
                onChange={(e) => set({ senderAddress: e.target.value })}
              />
            </Field>
          </div>
        </section>

        <section className="ss-section" aria-labelledby="dm-smtp">
          <h2 id="dm-smtp">Sending</h2>
          <fieldset className="dm-choice">
            <legend className="visually-hidden">How mail is sent</legend>
            <label className="check">
              <input
                type="radio"
                name="dm-connection"
                checked={!own}
                onChange={() => set({ connection: 'server' })}
              />
              {saved.serverSmtp
                ? 'The server’s mail setup (SMTP_URL)'
                : 'None yet: mail waits in the outbox (the server has no SMTP_URL)'}
            </label>
            <label className="check">
              <input
                type="radio"
                name="dm-connection"
                checked={own}
                onChange={() => set({ connection: 'own' })}
              />
              This site’s own SMTP server
            </label>
          </fieldset>
          {own && (
            <div className="ss-grid">
              <Field id="dm-host" label="SMTP host" error={err('host')} hint="e.g. smtp.example.com">
                <input
                  id="dm-host"
                  spellCheck={false}
                  autoComplete="off"
                  value={draft.host}
                  aria-invalid={!!err('host')}
                  onChange={(e) => set({ host: e.target.value })}
                />
              </Field>
              <Field id="dm-security" label="Security">
                <select
                  id="dm-security"
                  value={draft.security}
                  onChange={(e) => set({ security: e.target.value as DomainMailDraft['security'] })}
                >
                  {Object.entries(SECURITY_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="dm-port" label="Port" error={err('port')}>
                <input
                  id="dm-port"
                  inputMode="numeric"
                  placeholder={portPlaceholder(draft.security)}
                  value={draft.port}
                  aria-invalid={!!err('port')}
                  onChange={(e) => set({ port: e.target.value })}
                />
              </Field>
              <Field id="dm-user" label="User name" error={err('user')}>
                <input
                  id="dm-user"
                  spellCheck={false}
                  autoComplete="off"
                  value={draft.user}
                  aria-invalid={!!err('user')}
                  onChange={(e) => set({ user: e.target.value })}
                />
              </Field>
              <Field
                id="dm-password"
                label="Password"
                error={err('password')}
                hint={
                  saved.smtp?.passwordSet
                    ? canEdit
                      ? 'Stored encrypted. Type a new one to replace it.'
                      : 'Stored encrypted.'
                    : 'Stored encrypted; never shown again.'
                }
              >
                <input
                  id="dm-password"
                  type="password"
                  autoComplete="new-password"
                  placeholder={saved.smtp?.passwordSet ? '•••••••• (stored)' : ''}
                  value={draft.password}
                  aria-invalid={!!err('password')}
                  onChange={(e) => set({ password: e.target.value })}
                />
              </Field>
            </div>
          )}
        </section>
      </fieldset>

      {canEdit && (
        <section className="ss-section" aria-labelledby="dm-test">
          <h2 id="dm-test">Test message</h2>
          <p className="ss-hint">Sends now through the settings as typed above, saved or not.</p>
          <div className="dm-test">
            <Field id="dm-test-to" label="Send to" error={err('to')}>
              <input id="dm-test-to" type="email" value={to} onChange={(e) => setTo(e.target.value)} />
            </Field>
            <button type="button" className="btn btn--plain" disabled={test === 'sending'} onClick={sendTest}>
              {test === 'sending' ? 'Sending…' : 'Send test mail'}
            </button>
          </div>
          <p
            role="status"
            data-testid="dm-test-result"
            className={
              test && test !== 'sending'
                ? test.ok
                  ? 'dm-result dm-result--ok'
                  : 'dm-result dm-result--bad'
                : 'dm-result'
            }
          >
            {test && test !== 'sending' ? test.message : ''}
          </p>
        </section>
      )}

      <MailPreviewSection key={saved.updatedAt ?? 'unsaved'} />
    </form>
  );
}
