import { ACCOUNT_SECURITY_MESSAGES } from '@store/api/account-security-messages';
import { type FormEvent, useState } from 'react';
import { api } from '../../api';
import { failureText } from './account-text';

/**
 * The owner or a contributor with two-step sign-in, signing in on the site: the code from the
 * authenticator app (or a recovery code) with the ticket of the password step.
 */
export function CodeStepForm({ ticket, onRestart }: { ticket: string; onRestart(): void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (code.replace(/[\s-]/g, '').length < 6) return setError(ACCOUNT_SECURITY_MESSAGES.codeFormat);
    setBusy(true);
    setError('');
    try {
      await api('POST /api/site-users/account/session/two-factor', { body: { ticket, code } });
      location.reload();
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  };

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-labelledby="account-code-title">
      <h2 id="account-code-title">Enter your code</h2>
      <p className="account-hint">Type the 6-digit code your authenticator app shows, or a recovery code.</p>
      <label htmlFor="account-code">
        Code
        <input
          id="account-code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={40}
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        Sign in
      </button>
      <button type="button" className="link-button" onClick={onRestart}>
        Back to the password
      </button>
    </form>
  );
}
