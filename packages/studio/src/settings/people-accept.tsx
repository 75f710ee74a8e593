import { isEmailAddress } from '@store/commerce';
import { API_MESSAGES } from '@store/api/client';
import { type FormEvent, useState } from 'react';
import { ApiFailure } from '../api';
import { peopleApi } from './people-api';
import './people.css';

/** The path of the link in the invitation mail (server: services/contributors/invitations.ts). */
export const ACCEPT_INVITATION_PATH = '/config/accept-invitation';

/**
 * Accept an invitation to help run the site. The person confirms the address the invitation
 * was sent to; a new account chooses a password, and an address that already has an account
 * on the site (a customer) enters that account's password instead, which it keeps. Then the
 * contributor is signed in and sent into the studio. The token comes from the mailed link.
 */
export function AcceptInvitation() {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  // The server says when the address has an account: then its password proves who accepts.
  const [existing, setExisting] = useState(false);
  const [error, setError] = useState(
    token ? '' : 'This invitation link is incomplete. Open the link from the e-mail.',
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isEmailAddress(email.trim())) return setError(API_MESSAGES.invalidEmail);
    if (!existing && password !== again) return setError('The two passwords are not the same.');
    setBusy(true);
    setError('');
    try {
      await peopleApi.accept(
        existing
          ? { token, email: email.trim(), currentPassword: password }
          : { token, email: email.trim(), password },
      );
      location.assign('/config/');
    } catch (failure) {
      const message = failure instanceof ApiFailure ? failure.message : 'Something went wrong. Try again.';
      if (!existing && message === API_MESSAGES.invitationAccountExists) {
        setExisting(true);
        setPassword('');
        setAgain('');
      }
      setError(message);
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <form className="sign-in__card" onSubmit={submit} noValidate aria-labelledby="accept-title">
        <h1 id="accept-title">Accept the invitation</h1>
        <p className="muted">
          {existing
            ? 'Sign in with the account you already have here to help run this site.'
            : 'Confirm the address this invitation was sent to, and choose a password.'}
        </p>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <label htmlFor="accept-email">E-mail address</label>
        <input
          id="accept-email"
          type="email"
          autoComplete="username"
          value={email}
          readOnly={existing}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <label htmlFor="accept-password">{existing ? 'Password of your account' : 'Password'}</label>
        <input
          id="accept-password"
          type="password"
          autoComplete={existing ? 'current-password' : 'new-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {!existing && (
          <>
            <label htmlFor="accept-again">Repeat the password</label>
            <input
              id="accept-again"
              type="password"
              autoComplete="new-password"
              value={again}
              onChange={(e) => setAgain(e.target.value)}
              required
            />
          </>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy || !token}>
          {busy ? 'Accepting…' : 'Accept and sign in'}
        </button>
      </form>
    </main>
  );
}
