import type { PlacesSettingsView } from '@store/api';
import { type FormEvent, useEffect, useState } from 'react';
import { call } from '../api';
import { failureMessages } from '../commerce/settings-api';
import { Field } from '../commerce/settings-preferences';
import { mayChange, usePermissions } from './people-api';
import '../commerce/settings.css';
import './domain-mail.css';

const SOURCE_WORDS: Record<PlacesSettingsView['source'], string> = {
  site: 'Google Places, with your key.',
  server: 'Google Places, with this server’s key.',
  offline:
    'The built-in datasets, with no network: US ZIP codes and Canadian postal codes fill the city and region, and city names are completed everywhere.',
};

/**
 * Settings → Address suggestions: who suggests addresses at checkout. By default the shipped
 * datasets answer offline; an owner may give their own Google Places key, which is checked
 * with Google, stored encrypted and shown only by its last four characters.
 */
export function PlacesScreen(_props: { rest: string[] }) {
  const canEdit = mayChange(usePermissions(), 'domain');
  const [saved, setSaved] = useState<PlacesSettingsView | null>(null);
  const [key, setKey] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');

  useEffect(() => {
    call('GET /api/owner/places').then(setSaved, () => setError('Unable to load. Try again.'));
  }, []);

  if (!saved)
    return error ? (
      <p className="alert" role="alert">
        {error}
      </p>
    ) : (
      <p className="loading">Loading…</p>
    );

  const fail = (failure: unknown) => {
    const { fields, general } = failureMessages(failure);
    setError(general || Object.values(fields)[0] || 'Something went wrong');
    setStatus('');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    setStatus('Checking the key with Google…');
    try {
      setSaved(await call('PUT /api/owner/places', { body: { googleApiKey: key.trim() } }));
      setKey('');
      setStatus('Saved. Checkout suggestions now come from Google Places.');
    } catch (failure) {
      fail(failure);
    }
  }

  async function remove() {
    setError('');
    try {
      setSaved(await call('DELETE /api/owner/places'));
      setStatus('Your key is forgotten.');
    } catch (failure) {
      fail(failure);
    }
  }

  async function check() {
    setError('');
    setStatus('Checking…');
    try {
      const answer = await call('POST /api/owner/places/check', { body: {} });
      if (answer.ok) setStatus(answer.message);
      else {
        setStatus('');
        setError(answer.message);
      }
    } catch (failure) {
      fail(failure);
    }
  }

  return (
    <form className="store-settings domain-mail" onSubmit={submit} noValidate>
      <div className="panel__head">
        <h1>Address suggestions</h1>
      </div>
      {!canEdit && <p className="ss-warning">Your role can see these settings but not change them.</p>}
      {saved.problem && <p className="ss-warning">{saved.problem}</p>}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="note" data-testid="places-status">
        {status}
      </p>
      <section className="ss-section" aria-labelledby="places-now">
        <h2 id="places-now">At checkout now</h2>
        <p className="ss-hint" data-testid="places-source">
          {SOURCE_WORDS[saved.source]}
        </p>
        {saved.googleKeyLast4 && (
          <p className="ss-hint">
            Your key is stored encrypted, ending in …{saved.googleKeyLast4}.
            {canEdit && (
              <>
                {' '}
                <button type="button" className="btn btn--plain" onClick={check}>
                  Check it
                </button>{' '}
                <button type="button" className="btn btn--plain" onClick={remove}>
                  Forget it
                </button>
              </>
            )}
          </p>
        )}
      </section>
      {canEdit && (
        <section className="ss-section" aria-labelledby="places-key">
          <h2 id="places-key">Your Google Places key</h2>
          <p className="ss-hint">
            Google suggests street addresses as buyers type, in every country. Create an API key in your
            Google Cloud project with the Places API (New) enabled; Google bills your project for its use.
          </p>
          <div className="dm-test">
            <Field id="places-google-key" label="API key">
              <input
                id="places-google-key"
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={key}
                placeholder={saved.googleKeyLast4 ? `•••• ${saved.googleKeyLast4}` : ''}
                onChange={(e) => {
                  setKey(e.target.value);
                  setError('');
                }}
              />
            </Field>
            <button type="submit" className="btn btn--primary" disabled={!key.trim()}>
              Check and save
            </button>
          </div>
        </section>
      )}
    </form>
  );
}
