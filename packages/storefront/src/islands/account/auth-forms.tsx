import { isEmailAddress } from '@store/commerce';
import { API_MESSAGES } from '@store/api/client';
import { type FormEvent, useState } from 'react';
import { api } from '../../api';
import { failureText, fieldErrors } from './account-text';
import { CodeStepForm } from './code-step';

/** The API's rule (ACCOUNT_PASSWORD in @store/api), checked here first so the visitor need not wait. */
const PASSWORD_MIN = 10;

type Mode = 'sign-in' | 'create';
type Errors = Partial<Record<'email' | 'password' | 'form', string>>;

function check(mode: Mode, email: string, password: string): Errors {
  const errors: Errors = {};
  const address = email.trim();
  if (!isEmailAddress(address)) errors.email = API_MESSAGES.invalidEmail;
  if (mode === 'create' && password.length < PASSWORD_MIN)
    errors.password = API_MESSAGES.accountPasswordShort;
  if (mode === 'sign-in' && !password) errors.password = 'Required';
  return errors;
}

/**
 * One of the two forms: sign in with an account, or create one (both sign in and reload). An
 * account with two-step sign-in (the owner, a contributor) answers a ticket: `onTicket`.
 */
function AuthForm({ mode, onTicket }: { mode: Mode; onTicket?(ticket: string): void }) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `account-${mode}-${name}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '');
    const password = String(data.get('password') ?? '');
    const rememberMe = data.get('rememberMe') === 'on';
    const found = check(mode, email, password);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const body = { email: email.trim(), password, rememberMe };
      if (mode === 'create') await api('POST /api/site-users/account', { body });
      else {
        const answer = await api('POST /api/site-users/account/session', { body });
        if ('ticket' in answer) {
          setBusy(false);
          return onTicket?.(answer.ticket);
        }
      }
      // A fresh page: the header, the cart (merged into the account's) and this island all
      // read the new session.
      location.reload();
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors({
        email: fields.email,
        password: fields.password,
        form: fields.email || fields.password ? undefined : failureText(error),
      });
      setBusy(false);
    }
  };

  const title = mode === 'create' ? 'Create an account' : 'Sign in';
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-labelledby={id('title')}>
      <h2 id={id('title')}>{title}</h2>
      {mode === 'create' && (
        <p className="account-hint">Follow your orders and keep your addresses for next time.</p>
      )}
      <label htmlFor={id('email')}>
        Email
        <input
          id={id('email')}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={256}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? id('email-error') : undefined}
        />
      </label>
      {errors.email && (
        <span className="field-error" id={id('email-error')}>
          {errors.email}
        </span>
      )}
      <label htmlFor={id('password')}>
        Password
        <input
          id={id('password')}
          name="password"
          type="password"
          autoComplete={mode === 'create' ? 'new-password' : 'current-password'}
          maxLength={1024}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? id('password-error') : undefined}
        />
      </label>
      {mode === 'create' && !errors.password && <small>At least {PASSWORD_MIN} characters.</small>}
      {errors.password && (
        <span className="field-error" id={id('password-error')}>
          {errors.password}
        </span>
      )}
      <label className="account-check">
        <input type="checkbox" name="rememberMe" /> Keep me signed in
      </label>
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {title}
      </button>
      {mode === 'sign-in' && <a href="#forgot-password">Forgot password?</a>}
    </form>
  );
}

/** Sign-in with the site's own provider (docs/sso.md): a plain link, the server does the rest. */
function SsoChoice({ label }: { label: string }) {
  return (
    <div className="account-sso">
      <a className="button account-sso__button" href="/account/sso/start">
        Continue with {label}
      </a>
      <p className="account-sso__or">
        <span>or use your e-mail and password</span>
      </p>
    </div>
  );
}

export function AuthForms({ ssoLabel }: { ssoLabel?: string | undefined } = {}) {
  const [ticket, setTicket] = useState('');
  if (ticket) return <CodeStepForm ticket={ticket} onRestart={() => setTicket('')} />;
  return (
    <div className="account-auth">
      {ssoLabel && <SsoChoice label={ssoLabel} />}
      <AuthForm mode="sign-in" onTicket={setTicket} />
      <AuthForm mode="create" />
    </div>
  );
}
