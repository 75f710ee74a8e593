import { isEmailAddress } from '@store/commerce';
import { ACCOUNT_SECURITY_MESSAGES } from '@store/api/account-security-messages';
import { API_MESSAGES } from '@store/api/client';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../api';
import { failureText, fieldErrors } from './account-text';

/** The API's rule (ACCOUNT_PASSWORD in @store/api), checked here first. */
const PASSWORD_MIN = 10;

/**
 * "Forgot password?" (`/account#forgot-password`): the address, then always the same words,
 * whether or not it has an account here. The mailed link opens ResetPasswordForm.
 */
export function ForgotPasswordForm() {
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!isEmailAddress(email)) return setError(API_MESSAGES.invalidEmail);
    setBusy(true);
    setError('');
    try {
      await api('POST /api/site-users/account/password-reset', { body: { email } });
      setSent(true);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-labelledby="account-forgot-title">
      <h2 id="account-forgot-title">Forgot your password?</h2>
      {sent ? (
        <p className="account-hint" role="status">
          {ACCOUNT_SECURITY_MESSAGES.resetRequested}
        </p>
      ) : (
        <>
          <p className="account-hint">
            Type the address of your account and we will mail you a link to choose a new password.
          </p>
          <label htmlFor="account-forgot-email">
            Email
            <input
              id="account-forgot-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={256}
              aria-invalid={error ? true : undefined}
            />
          </label>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            Send me a link
          </button>
        </>
      )}
      <a href="#sign-in">Back to sign in</a>
    </form>
  );
}

/**
 * The page of the link in the reset mail (`/account#reset-password/<token>`): the link is
 * checked, then the new password chosen; every other session of the account ends and the
 * visitor is signed in here (or, for staff with two-step sign-in, sent to sign in).
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [dead, setDead] = useState(false);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api('POST /api/site-users/account/password-reset/check', { body: { token } }).then(
      (answer) => setEmail(answer.email),
      (failure: unknown) => {
        setDead(true);
        setError(failureText(failure));
      },
    );
  }, [token]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password.length < PASSWORD_MIN || !password.trim())
      return setError(API_MESSAGES.accountPasswordShort);
    if (password !== String(data.get('again') ?? '')) return setError('The two passwords are not the same.');
    setBusy(true);
    setError('');
    try {
      const answer = await api('POST /api/site-users/account/password-reset/complete', {
        body: { token, password },
      });
      if (answer.signedIn) {
        // A fresh page without the spent link: the header and the cart read the new session.
        location.replace('/account');
        return;
      }
      history.replaceState(null, '', '/account#sign-in');
      setDone(true);
    } catch (failure) {
      setError(fieldErrors(failure).password ?? failureText(failure));
      setBusy(false);
    }
  };

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-labelledby="account-reset-title">
      <h2 id="account-reset-title">Choose a new password</h2>
      {done ? (
        <p className="account-hint" role="status">
          {ACCOUNT_SECURITY_MESSAGES.resetDoneSignIn} <a href="/account">Sign in</a>
        </p>
      ) : dead ? (
        <>
          <p className="field-error" role="alert">
            {error || ACCOUNT_SECURITY_MESSAGES.resetLinkInvalid}
          </p>
          <a href="#forgot-password">Ask for a new link</a>
        </>
      ) : email === null ? (
        <p className="account-hint">Checking the link…</p>
      ) : (
        <>
          <p className="account-hint">Choosing it signs you out on every other device.</p>
          <label htmlFor="account-reset-email">
            Email
            <input
              id="account-reset-email"
              name="email"
              type="email"
              autoComplete="username"
              value={email}
              readOnly
            />
          </label>
          <label htmlFor="account-reset-password">
            New password
            <input
              id="account-reset-password"
              name="password"
              type="password"
              autoComplete="new-password"
              maxLength={1024}
            />
          </label>
          <small>At least {PASSWORD_MIN} characters.</small>
          <label htmlFor="account-reset-again">
            Repeat the new password
            <input
              id="account-reset-again"
              name="again"
              type="password"
              autoComplete="new-password"
              maxLength={1024}
            />
          </label>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            Save and sign in
          </button>
        </>
      )}
    </form>
  );
}
