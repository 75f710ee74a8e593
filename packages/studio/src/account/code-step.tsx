import { ACCOUNT_SECURITY_MESSAGES } from '@store/api/account-security-messages';
import { type FormEvent, useState } from 'react';
import { accountApi, failureText } from './account-api';

/** A code from an authenticator app (6 digits) or a recovery code, as typed. */
export function looksLikeCode(code: string): boolean {
  const plain = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(plain) || /^[0-9a-z]{16}$/i.test(plain);
}

/**
 * The second sign-in step for an account with two-step sign-in: the code from the app (or
 * a recovery code) with the ticket the password step answered. `onRestart` goes back to the
 * password when the ticket has run out.
 */
export function CodeStep(props: { ticket: string; onSignedIn(): void; onRestart(): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeCode(code)) return setError(ACCOUNT_SECURITY_MESSAGES.codeFormat);
    setBusy(true);
    setError('');
    try {
      await accountApi.codeStep(props.ticket, code.trim());
      props.onSignedIn();
    } catch (failure) {
      const message = failureText(failure);
      setExpired(message === ACCOUNT_SECURITY_MESSAGES.signInStepExpired);
      setError(message);
      setBusy(false);
    }
  }

  return (
    <form className="sign-in__card" onSubmit={submit} noValidate aria-labelledby="code-title">
      <h1 id="code-title">Enter your code</h1>
      <p className="muted">Open your authenticator app and type the 6-digit code it shows for this site.</p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <label htmlFor="sign-in-code">Code</label>
      <input
        id="sign-in-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={40}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the only field of this step, reached by submitting the last one
        autoFocus
        required
      />
      <small className="muted">No phone at hand? Type one of your recovery codes instead.</small>
      {expired ? (
        <button type="button" className="btn btn--primary" onClick={props.onRestart}>
          Sign in again
        </button>
      ) : (
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      )}
      <button type="button" className="btn btn--plain" onClick={props.onRestart}>
        Back to the password
      </button>
    </form>
  );
}
