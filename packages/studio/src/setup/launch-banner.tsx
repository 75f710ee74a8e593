import { useEffect, useState } from 'react';
import { ApiFailure } from '../api';
import { mayChange, usePermissions } from '../settings/people-api';
import { setupApi } from './setup-api';
import './launch-banner.css';

/**
 * Until the site is first published, a strip under the top bar says visitors see "coming
 * soon" and offers "Publish site" (to whoever may publish). The shell remounts it after a
 * page is published, which publishes the site too.
 */
export function LaunchBanner() {
  const [launched, setLaunched] = useState<boolean | null>(null);
  const [justNow, setJustNow] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const permissions = usePermissions();

  useEffect(() => {
    let live = true;
    setupApi
      .launch()
      .then((answer) => live && setLaunched(answer.launchedAt !== null))
      .catch(() => live && setLaunched(null));
    return () => {
      live = false;
    };
  }, []);

  async function publish() {
    setBusy(true);
    setError('');
    try {
      const answer = await setupApi.publishSite();
      setLaunched(answer.launchedAt !== null);
      setJustNow(true);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  if (launched && justNow)
    return (
      <output className="launch-banner launch-banner--done">
        Your site is published: visitors now see it.{' '}
        <a href="/" target="_blank" rel="noreferrer">
          View site
        </a>
        <button
          type="button"
          className="icon"
          aria-label="Close"
          title="Close"
          onClick={() => setJustNow(false)}
        >
          ×
        </button>
      </output>
    );
  if (launched !== false) return null;
  return (
    <section className="launch-banner" aria-label="Publishing">
      <p>
        <strong>Your site is not published yet.</strong> Visitors see a “coming soon” page; you see the site
        as it will be.
      </p>
      {error && (
        <p className="launch-banner__error" role="alert">
          {error}
        </p>
      )}
      {mayChange(permissions, 'publish') && (
        <button type="button" className="btn btn--primary" onClick={publish} disabled={busy}>
          {busy ? 'Publishing…' : 'Publish site'}
        </button>
      )}
    </section>
  );
}
