import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { StudioSession } from '../api';
import { type TwoFactorSetup, type TwoFactorStatus, accountApi, failureText } from './account-api';
import { looksLikeCode } from './code-step';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetupForm } from './two-factor-setup';
import './account.css';

type Stage =
  | { step: 'status' }
  | { step: 'setup'; setup: TwoFactorSetup }
  | { step: 'codes'; codes: string[] };

/**
 * Your account (/config/account), for the owner and every contributor alike: two-step
 * sign-in with an authenticator app, its recovery codes, and turning it off.
 */
export function AccountScreen({ session }: { session: StudioSession }) {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'status' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () => accountApi.status().then(setStatus, (failure: unknown) => setError(failureText(failure))),
    [],
  );
  useEffect(() => {
    load();
  }, [load]);

  async function begin() {
    setBusy(true);
    setError('');
    try {
      setStage({ step: 'setup', setup: await accountApi.setup() });
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="account-screen">
      <h1>Your account</h1>
      <p className="muted">
        Signed in as <strong>{session.owner.email}</strong> on {session.website.siteTitle}.
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {stage.step === 'setup' ? (
        <TwoFactorSetupForm
          setup={stage.setup}
          onEnabled={(codes) => {
            setStage({ step: 'codes', codes });
            load();
          }}
          onCancel={() => setStage({ step: 'status' })}
        />
      ) : stage.step === 'codes' ? (
        <RecoveryCodes
          codes={stage.codes}
          siteTitle={session.website.siteTitle}
          onDone={() => setStage({ step: 'status' })}
        />
      ) : (
        <section className="account-card" aria-labelledby="two-factor-title">
          <h2 id="two-factor-title">Two-step sign-in</h2>
          {status === null ? (
            <p className="muted">Loading…</p>
          ) : status.enabled ? (
            <>
              <p>
                <span className="badge badge--live">On</span> Signing in asks for your password and a code
                from your authenticator app. {status.recoveryCodesLeft} of 10 recovery codes left.
              </p>
              <ProveAndChange
                onRenewed={(codes) => setStage({ step: 'codes', codes })}
                onDisabled={(now) => setStatus(now)}
              />
            </>
          ) : (
            <>
              <p>
                Off. Turn it on and signing in also asks for a 6-digit code from an app on your phone, so a
                stolen password alone cannot open the studio.
              </p>
              <button type="button" className="btn btn--primary" onClick={begin} disabled={busy}>
                {busy ? 'Starting…' : 'Set up two-step sign-in'}
              </button>
            </>
          )}
        </section>
      )}
    </main>
  );
}

/** New recovery codes, or turning it off: both need the password and a code. */
function ProveAndChange(props: {
  onRenewed(codes: string[]): void;
  onDisabled(status: TwoFactorStatus): void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function act(event: FormEvent, what: 'renew' | 'disable') {
    event.preventDefault();
    if (!password) return setError('Type your current password.');
    if (!looksLikeCode(code)) return setError('Type a code from the app, or a recovery code.');
    setBusy(true);
    setError('');
    try {
      if (what === 'renew')
        props.onRenewed((await accountApi.renewCodes(password, code.trim())).recoveryCodes);
      else props.onDisabled(await accountApi.disable(password, code.trim()));
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  }

  return (
    <form className="prove" onSubmit={(e) => act(e, 'renew')} noValidate>
      <p className="muted">To get new recovery codes or turn it off, confirm it is you.</p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <label htmlFor="prove-password">Current password</label>
      <input
        id="prove-password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label htmlFor="prove-code">Code from the app, or a recovery code</label>
      <input
        id="prove-code"
        className="code-input"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="account-actions">
        <button type="submit" className="btn btn--plain" disabled={busy}>
          Get new recovery codes
        </button>
        <button type="button" className="btn btn--danger" disabled={busy} onClick={(e) => act(e, 'disable')}>
          Turn off two-step sign-in
        </button>
      </div>
    </form>
  );
}
