import { MAILCHIMP_MESSAGES as M, type MailchimpAudience, type MailchimpView } from '@store/api';
import { ApiFailure } from '@store/api/client';
import { type FormEvent, useEffect, useState } from 'react';
import { NETWORK_ERROR, call } from '../api';
import { Field } from '../commerce/settings-preferences';
import { mayChange, usePermissions } from '../settings/people-api';
import '../commerce/settings.css';
import './integrations.css';

type Failure = { message: string; detail: string };

const failureOf = (error: unknown): Failure =>
  error instanceof ApiFailure
    ? { message: error.message, detail: typeof error.body.detail === 'string' ? error.body.detail : '' }
    : { message: NETWORK_ERROR, detail: '' };

const mappingOf = (view: MailchimpView) =>
  Object.fromEntries(view.links.map((l) => [l.listId, l.audienceId]));

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'not yet');

/**
 * Marketing → Integrations → Mailchimp (docs/marketing.md): connect an account with its API
 * key (stored encrypted, shown by its last four characters), choose which mailing list feeds
 * which audience, and see each list's last sync. States: not connected, connecting,
 * connected, failed ("Unable to connect. Please try again" and what Mailchimp said).
 */
export function IntegrationsScreen(_props: { rest: string[] }) {
  const canEdit = mayChange(usePermissions(), 'marketing');
  const [view, setView] = useState<MailchimpView | null>(null);
  const [audiences, setAudiences] = useState<MailchimpAudience[]>([]);
  const [apiKey, setApiKey] = useState('');
  const [connecting, setConnecting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [keyError, setKeyError] = useState('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [loadError, setLoadError] = useState('');

  const show = (next: MailchimpView) => {
    setView(next);
    setMapping(mappingOf(next));
  };

  useEffect(() => {
    call('GET /api/owner/mailchimp').then(
      (answer) => {
        setView(answer);
        setMapping(mappingOf(answer));
        if (answer.state === 'connected')
          call('GET /api/owner/mailchimp/audiences').then(
            (a) => setAudiences(a.audiences),
            (error) => setFailure(failureOf(error)),
          );
      },
      () => setLoadError('Unable to load. Try again.'),
    );
  }, []);

  if (!view)
    return loadError ? (
      <p className="alert" role="alert">
        {loadError}
      </p>
    ) : (
      <p className="loading">Loading…</p>
    );

  async function connect(event: FormEvent) {
    event.preventDefault();
    setConnecting(true);
    setFailure(null);
    setKeyError('');
    setStatus('');
    try {
      const answer = await call('POST /api/owner/mailchimp/connect', { body: { apiKey } });
      show(answer.view);
      setAudiences(answer.audiences);
      setApiKey('');
    } catch (error) {
      const failed = failureOf(error);
      if (error instanceof ApiFailure && error.status === 400) setKeyError(failed.message);
      else setFailure(failed);
    } finally {
      setConnecting(false);
    }
  }

  async function act(what: 'save' | 'sync' | 'disconnect') {
    setStatus(what === 'sync' ? 'Syncing…' : 'Saving…');
    setFailure(null);
    try {
      if (what === 'save') {
        const links = Object.entries(mapping)
          .filter(([, audienceId]) => audienceId)
          .map(([listId, audienceId]) => ({ listId, audienceId }));
        show(await call('PUT /api/owner/mailchimp/links', { body: { links } }));
        setStatus('Saved.');
      } else if (what === 'sync') {
        show(await call('POST /api/owner/mailchimp/sync'));
        setStatus('Synced.');
      } else {
        show(await call('DELETE /api/owner/mailchimp'));
        setAudiences([]);
        setStatus('Disconnected. The members stay on both sides.');
      }
    } catch (error) {
      setStatus('');
      setFailure(failureOf(error));
    }
  }

  const state = connecting ? 'connecting' : failure && view.state !== 'connected' ? 'failed' : view.state;
  const shownFailure =
    failure ??
    (view.state === 'failed'
      ? { message: view.message ?? M.unableToConnect, detail: view.detail ?? '' }
      : null);
  const stateLabel = {
    not_connected: 'Not connected',
    connecting: 'Connecting…',
    connected: 'Connected',
    failed: 'Failed',
  }[state];

  return (
    <div className="store-settings integrations">
      <div className="panel__head">
        <h1>Integrations</h1>
      </div>
      {!canEdit && <p className="ss-warning">Your role can see these settings but not change them.</p>}
      <section className="ss-section mc" aria-labelledby="mc-title" data-state={state}>
        <div className="mc__head">
          <h2 id="mc-title">Mailchimp</h2>
          <span className={`mc__state mc__state--${state}`} data-testid="mailchimp-state">
            {stateLabel}
          </span>
        </div>
        {shownFailure && (
          <div className="alert" role="alert">
            <strong>{shownFailure.message}</strong>
            {shownFailure.detail && <span className="mc__detail">{shownFailure.detail}</span>}
          </div>
        )}
        {view.state === 'not_connected' || view.state === 'failed' ? (
          <form className="mc__connect" onSubmit={connect} noValidate>
            <p className="ss-hint">
              Send the people on your mailing lists to a Mailchimp audience, and take back whoever
              unsubscribes there. Create an API key in Mailchimp under Profile → Extras → API keys and paste
              it here.
            </p>
            <fieldset disabled={!canEdit || connecting}>
              <Field
                id="mc-key"
                label="API key"
                error={keyError}
                hint="Ends with your data centre, e.g. …-us21. Stored encrypted; only its last four characters are shown."
              >
                <input
                  id="mc-key"
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  value={apiKey}
                  aria-invalid={!!keyError}
                  onChange={(e) => {
                    setApiKey(e.target.value);
                    setKeyError('');
                  }}
                />
              </Field>
              <div className="mc__actions">
                <button type="submit" className="btn btn--primary" disabled={!apiKey.trim()}>
                  {connecting ? 'Connecting…' : view.state === 'failed' ? 'Reconnect' : 'Connect'}
                </button>
                {view.state === 'failed' && (
                  <button type="button" className="btn btn--plain" onClick={() => act('disconnect')}>
                    Disconnect
                  </button>
                )}
              </div>
            </fieldset>
          </form>
        ) : (
          <div className="mc__connected">
            <p className="mc__account">
              Connected to <strong>{view.accountName || 'your Mailchimp account'}</strong> with the key ending
              in …{view.apiKeyLast4}-{view.dataCenter}.
            </p>
            {view.lists.length === 0 ? (
              <p className="ss-warning">{M.noLists}</p>
            ) : (
              <fieldset className="mc__map" disabled={!canEdit}>
                <legend>Which mailing list feeds which audience</legend>
                {view.lists.map((list) => {
                  const link = view.links.find((l) => l.listId === list.id);
                  return (
                    <div className="mc__row" key={list.id}>
                      <label htmlFor={`mc-list-${list.id}`}>{list.name}</label>
                      <select
                        id={`mc-list-${list.id}`}
                        value={mapping[list.id] ?? ''}
                        onChange={(e) => setMapping({ ...mapping, [list.id]: e.target.value })}
                      >
                        <option value="">Don’t sync</option>
                        {audiences.map((a) => (
                          <option key={a.id} value={a.id}>
                            {a.name}
                          </option>
                        ))}
                        {link && !audiences.some((a) => a.id === link.audienceId) && (
                          <option value={link.audienceId}>{link.audienceName}</option>
                        )}
                      </select>
                      {link && (
                        <p className="mc__sync" data-testid={`mc-sync-${list.id}`}>
                          To <strong>{link.audienceName}</strong> · last sync {when(link.lastSyncAt)} ·{' '}
                          {link.pushed} sent · {link.pulled} unsubscribed there · {link.skipped} skipped
                          {link.lastError && (
                            <span className="mc__error">
                              {link.lastError}
                              {link.nextAttemptAt &&
                                ` — trying again ${when(link.nextAttemptAt)} (attempt ${link.attempts})`}
                            </span>
                          )}
                        </p>
                      )}
                    </div>
                  );
                })}
              </fieldset>
            )}
            {canEdit && (
              <div className="mc__actions">
                {view.lists.length > 0 && (
                  <button type="button" className="btn btn--primary" onClick={() => act('save')}>
                    Save
                  </button>
                )}
                {view.links.length > 0 && (
                  <button type="button" className="btn btn--plain" onClick={() => act('sync')}>
                    Sync now
                  </button>
                )}
                <button type="button" className="btn btn--plain" onClick={() => act('disconnect')}>
                  Disconnect
                </button>
              </div>
            )}
          </div>
        )}
        <p role="status" className="note">
          {status}
        </p>
      </section>
    </div>
  );
}
