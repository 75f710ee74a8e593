import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, type StudioSession, api } from './api';
import { DialogHost } from './components/dialogs';
import { navigate, paths, usePath } from './router';
import { ACCEPT_INVITATION_PATH, AcceptInvitation } from './settings/people-accept';
import { Shell } from './shell';
import { SignIn } from './sign-in';

/**
 * Who is here decides what shows: a signed-out visit to any /config… path lands on the
 * sign-in page (and returns to where it was going after signing in); an owner gets the shell.
 */
export function App() {
  const path = usePath();
  const [session, setSession] = useState<StudioSession | null | 'loading'>('loading');

  const load = useCallback(async () => {
    try {
      setSession(await api.session());
    } catch (failure) {
      // 401/403: not an owner here. A network failure also shows the sign-in page, with no session.
      if (!(failure instanceof ApiFailure)) throw failure;
      setSession(null);
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  // The invitation page works signed out (the invited person has no account yet).
  const accepting = path === ACCEPT_INVITATION_PATH;
  useEffect(() => {
    if (accepting) return;
    if (session === null && path !== paths.signIn) {
      sessionStorage.setItem('studio:next', path);
      navigate(paths.signIn, { replace: true });
    }
    if (
      session &&
      session !== 'loading' &&
      (path === paths.signIn || path === '/config' || path === '/config/')
    ) {
      const next = sessionStorage.getItem('studio:next');
      sessionStorage.removeItem('studio:next');
      const usable = next && next !== paths.signIn && next.startsWith('/config/') && next !== '/config/';
      navigate(usable ? next : paths.pages, { replace: true });
    }
  }, [session, path, accepting]);

  if (accepting) return <AcceptInvitation />;
  if (session === 'loading') return <p className="loading">Loading…</p>;
  return (
    <>
      {session === null ? <SignIn onSignedIn={load} /> : <Shell session={session} path={path} />}
      <DialogHost />
    </>
  );
}
