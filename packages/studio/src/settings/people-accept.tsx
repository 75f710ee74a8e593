import { type FormEvent, useState } from 'react';
import { ApiFailure } from '../api';
import { peopleApi } from './people-api';
import './people.css';

/** The path of the link in the invitation mail (server: services/contributors/invitations.ts). */
export const ACCEPT_INVITATION_PATH = '/config/accept-invitation';

/**
 * Accept an invitation to help run the site: choose a password, and the new contributor is
 * signed in and sent into the studio. The token comes from the mailed link.
 */
export function AcceptInvitation() {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState(
    token ? '' : 'This invitation link is incomplete. Open the link from the e-mail.',
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== again) return setError('The two passwords are not the same.');
    setBusy(true);
    setError('');
    try {
      await peopleApi.accept(token, password);
      location.assign('/config/');
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong. Try again.');
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate aria-labelledby="accept-title">
        <h1 id="accept-title">Accept the invitation</h1>
        <p className="muted">Choose a password to help run this site.</p>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <label htmlFor="accept-password">Password</label>
        <input
          id="accept-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <label htmlFor="accept-again">Repeat the password</label>
        <input
          id="accept-again"
          type="password"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          required
        />
        <button type="submit" className="btn btn--primary" disabled={busy || !token}>
          {busy ? 'Accepting…' : 'Accept and sign in'}
        </button>
      </form>
    </main>
  );
}
