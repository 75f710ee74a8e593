import { isEmailAddress } from '@store/commerce';
import { type FormEvent, useState } from 'react';
import { API_MESSAGES } from '@store/api/client';
import { ApiFailure, api } from './api';
import { ACCOUNT_PATHS } from './account/account-api';
import { CodeStep } from './account/code-step';

/**
 * The owner's sign-in page: labelled Email and Password, a "Sign in" button, and the
 * server's sign-in errors (wrong email or password, too many attempts) shown in an alert.
 * It uses the site's own session (POST /api/site-users/account/session). An account with
 * two-step sign-in gets a ticket instead of a session, and the code step follows.
 */
export function SignIn({ onSignedIn }: { onSignedIn(): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState('');

  /** Only owners and contributors may use the studio: a customer account is signed in but refused here. */
  async function enter() {
    try {
      await api.session();
      onSignedIn();
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.status === 403) {
        await api.signOut().catch(() => undefined);
        setTicket('');
        setError('This account cannot edit the site. Sign in with the owner account.');
      } else setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isEmailAddress(email.trim())) return setError(API_MESSAGES.invalidEmail);
    if (!password) return setError('Please enter your password');
    setBusy(true);
    setError('');
    try {
      const answer = await api.signIn(email.trim(), password);
      if ('ticket' in answer) setTicket(answer.ticket);
      else await enter();
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  if (ticket)
    return (
      <main className="sign-in">
        <CodeStep
          ticket={ticket}
          onSignedIn={enter}
          onRestart={() => {
            setTicket('');
            setPassword('');
          }}
        />
      </main>
    );

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to the studio</h1>
        <p className="muted">Build and publish your site.</p>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <label htmlFor="sign-in-email">Email</label>
        <input
          id="sign-in-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <label htmlFor="sign-in-password">Password</label>
        <input
          id="sign-in-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <a href={ACCOUNT_PATHS.forgot}>Forgot password?</a>
        <a className="muted" href="/">
          Back to the site
        </a>
      </form>
    </main>
  );
}
