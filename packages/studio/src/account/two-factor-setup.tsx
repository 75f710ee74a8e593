import { ACCOUNT_SECURITY_MESSAGES } from '@store/api/account-security-messages';
import { type FormEvent, useState } from 'react';
import { type TwoFactorSetup, accountApi, failureText } from './account-api';

/** The key in groups of four, as apps ask for it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator: the QR code (drawn by the server from the otpauth:// address)
 * and the key to type by hand, then the first code, which turns two-step sign-in on.
 */
export function TwoFactorSetupForm(props: {
  setup: TwoFactorSetup;
  onEnabled(recoveryCodes: string[]): void;
  onCancel(): void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return setError(ACCOUNT_SECURITY_MESSAGES.codeFormat);
    setBusy(true);
    setError('');
    try {
      props.onEnabled((await accountApi.confirm(code.trim())).recoveryCodes);
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  }

  return (
    <form className="account-card" onSubmit={submit} noValidate aria-labelledby="setup-title">
      <h2 id="setup-title">Set up your authenticator app</h2>
      <ol className="setup-steps">
        <li>
          <p>Scan this code with an authenticator app (1Password, Google Authenticator, Authy, …).</p>
          <img
            className="setup-qr"
            src={props.setup.qrCode}
            width={200}
            height={200}
            alt="QR code that adds this site to an authenticator app"
          />
          <p className="muted">Cannot scan it? Type this key into the app:</p>
          <code className="setup-key">{grouped(props.setup.secret)}</code>
        </li>
        <li>
          <label htmlFor="setup-code">Type the 6-digit code the app shows</label>
          <input
            id="setup-code"
            className="code-input"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        </li>
      </ol>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Checking…' : 'Turn on two-step sign-in'}
        </button>
        <button type="button" className="btn btn--plain" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
