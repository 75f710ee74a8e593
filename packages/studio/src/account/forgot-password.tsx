import { isEmailAddress } from '@store/commerce';
import { ACCOUNT_SECURITY_MESSAGES } from '@store/api/account-security-messages';
import { API_MESSAGES } from '@store/api/client';
import { type FormEvent, useState } from 'react';
import { paths } from '../router';
import { accountApi, failureText } from './account-api';
import './account.css';

/**
 * "Forgot password?": the address, then always the same answer (the server says nothing
 * about whether it has an account). The link in the mail leads to ResetPassword.
 */
export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isEmailAddress(email.trim())) return setError(API_MESSAGES.invalidEmail);
    setBusy(true);
    setError('');
    try {
      await accountApi.requestReset(email.trim());
      setSent(true);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot your password?</h1>
        {sent ? (
          <p className="notice" role="status">
            {ACCOUNT_SECURITY_MESSAGES.resetRequested}
          </p>
        ) : (
          <>
            <p className="muted">
              Type the address you sign in with. We will mail you a link to choose a new password.
            </p>
            {error && (
              <p className="alert" role="alert">
                {error}
              </p>
            )}
            <label htmlFor="forgot-email">Email</label>
            <input
              id="forgot-email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Sending…' : 'Send me a link'}
            </button>
          </>
        )}
        <a className="muted" href={paths.signIn}>
          Back to sign in
        </a>
      </form>
    </main>
  );
}
