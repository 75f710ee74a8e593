import { ACCOUNT_SECURITY_MESSAGES } from '@store/api/account-security-messages';
import { API_MESSAGES } from '@store/api/client';
import { type FormEvent, useEffect, useState } from 'react';
import { paths } from '../router';
import { ACCOUNT_PATHS, accountApi, failureText } from './account-api';
import './account.css';

/** The sign-up rule (ACCOUNT_PASSWORD in @store/api), checked here first. */
const PASSWORD_MIN = 10;

/**
 * The page of the link in the reset mail (`/config/reset-password#<token>`): the link is
 * checked first, then a new password chosen twice. Every session of the account ends; the
 * person is signed in here, or, with two-step sign-in on, sent to sign in with a code.
 */
export function ResetPassword() {
  const token = decodeURIComponent(location.hash.slice(1));
  const [email, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState('');
  const [dead, setDead] = useState(!token);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    accountApi.checkReset(token).then(
      (answer) => setEmail(answer.email),
      (failure: unknown) => {
        setDead(true);
        setError(failureText(failure));
      },
    );
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN || !password.trim())
      return setError(API_MESSAGES.accountPasswordShort);
    if (password !== again) return setError('The two passwords are not the same.');
    setBusy(true);
    setError('');
    try {
      const answer = await accountApi.completeReset(token, password);
      // The link is spent: drop it from the address bar and the history entry.
      history.replaceState(null, '', ACCOUNT_PATHS.reset);
      if (answer.signedIn) location.assign('/config/');
      else setDone(true);
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        {done ? (
          <p className="notice" role="status">
            {ACCOUNT_SECURITY_MESSAGES.resetDoneSignIn}
          </p>
        ) : dead ? (
          !error && <p className="alert">{ACCOUNT_SECURITY_MESSAGES.resetLinkInvalid}</p>
        ) : email === null ? (
          <p className="muted">Checking the link…</p>
        ) : (
          <>
            <p className="muted">Choosing it signs you out on every other device.</p>
            <label htmlFor="reset-email">Email</label>
            <input id="reset-email" type="email" autoComplete="username" value={email} readOnly />
            <label htmlFor="reset-password">New password</label>
            <input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
            <small className="muted">At least {PASSWORD_MIN} characters.</small>
            <label htmlFor="reset-again">Repeat the new password</label>
            <input
              id="reset-again"
              type="password"
              autoComplete="new-password"
              value={again}
              onChange={(e) => setAgain(e.target.value)}
              required
            />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save and sign in'}
            </button>
          </>
        )}
        {dead ? (
          <a href={ACCOUNT_PATHS.forgot}>Ask for a new link</a>
        ) : (
          <a className="muted" href={paths.signIn}>
            Back to sign in
          </a>
        )}
      </form>
    </main>
  );
}
