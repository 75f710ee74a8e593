import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { ApiFailure, type StudioSession, api } from './api';
import { DialogHost } from './components/dialogs';
import { StudioQueryProvider } from './data/query-client';
import { navigate, paths, usePath } from './router';
import { ACCEPT_INVITATION_PATH, AcceptInvitation } from './settings/people-accept';
import { SignedOutPage, isSignedOutPage } from './account/signed-out-pages';
import { Shell } from './shell';
import { type Starter, setupApi } from './setup/setup-api';
import { SignIn } from './sign-in';

/** A deployment with no site yet: the starters the setup screen offers. */
type FirstRun = { setup: Starter[] };
// The setup screen is seen once per deployment: its own chunk.
const SetupScreen = lazy(() => import('./setup/setup-screen').then((m) => ({ default: m.SetupScreen })));

/**
 * Who is here decides what shows: a signed-out visit to any /config… path lands on the
 * sign-in page (and returns to where it was going after signing in); an owner gets the shell.
 */
export function App() {
  // Server state (TanStack Query, keyed by API route: data/query-keys.ts) for every screen.
  return (
    <StudioQueryProvider>
      <StudioApp />
    </StudioQueryProvider>
  );
}

function StudioApp() {
  const path = usePath();
  const [session, setSession] = useState<StudioSession | null | 'loading' | FirstRun>('loading');

  const load = useCallback(async () => {
    try {
      setSession(await api.session());
    } catch (failure) {
      // 401/403: not an owner here. A network failure also shows the sign-in page, with no session.
      if (!(failure instanceof ApiFailure)) throw failure;
      // A new deployment without a site: the setup screen instead of the sign-in page.
      const setup = failure.status === 401 ? await setupApi.status().catch(() => null) : null;
      setSession(setup?.open ? { setup: setup.starters } : null);
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  // The invitation page works signed out (the invited person has no account yet), and so do
  // "Forgot password?" and the page of the reset link.
  const accepting = path === ACCEPT_INVITATION_PATH || isSignedOutPage(path);
  useEffect(() => {
    if (accepting) return;
    if (session === null && path !== paths.signIn) {
      sessionStorage.setItem('studio:next', path);
      navigate(paths.signIn, { replace: true });
    }
    if (
      session &&
      session !== 'loading' &&
      !('setup' in session) &&
      (path === paths.signIn || path === '/config' || path === '/config/')
    ) {
      const next = sessionStorage.getItem('studio:next');
      sessionStorage.removeItem('studio:next');
      const usable = next && next !== paths.signIn && next.startsWith('/config/') && next !== '/config/';
      navigate(usable ? next : paths.pages, { replace: true });
    }
  }, [session, path, accepting]);

  if (accepting)
    return path === ACCEPT_INVITATION_PATH ? <AcceptInvitation /> : <SignedOutPage path={path} />;
  if (session === 'loading') return <p className="loading">Loading…</p>;
  if (session !== null && 'setup' in session)
    return (
      <Suspense fallback={<p className="loading">Loading…</p>}>
        <SetupScreen starters={session.setup} onDone={load} />
      </Suspense>
    );
  return (
    <>
      {session === null ? <SignIn onSignedIn={load} /> : <Shell session={session} path={path} />}
      <DialogHost />
    </>
  );
}
