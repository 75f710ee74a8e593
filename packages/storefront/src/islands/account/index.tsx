import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiFailure, api } from '../../api';
import { signOut } from '../../sign-out';
import { AddressBook } from './addresses';
import { AuthForms } from './auth-forms';
import { type AccountRoute, routeOf } from './account-route';
import { failureText } from './account-text';
import { OrderDetail, OrderHistory } from './orders';
import { ForgotPasswordForm, ResetPasswordForm } from './password-reset';
import { SubscriptionList } from './subscriptions';

type Me = { id: string; email: string; isOwner: boolean };

function useRoute(): AccountRoute {
  const [route, setRoute] = useState(() => routeOf(location.hash));
  useEffect(() => {
    const update = () => setRoute(routeOf(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

/**
 * The header read "signed in" from a cookie the server no longer honours (the session ended):
 * sign out properly, so the server resets the cookie; the visitor keeps the cart.
 */
function forgetStaleSignIn(): void {
  if (document.documentElement.dataset.signedIn === undefined) return;
  delete document.documentElement.dataset.signedIn;
  void signOut({ cloneCart: true }).catch(() => undefined);
}

function Account({ ssoLabel }: { ssoLabel: string | undefined }) {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const route = useRoute();
  useEffect(() => {
    api('GET /api/site-users/account')
      .then(setMe)
      .catch((e: unknown) => {
        if (e instanceof ApiFailure && e.status === 401) {
          forgetStaleSignIn();
          setMe(null);
        } else setError(failureText(e));
      });
  }, []);
  // The reset pages work signed in or out (a reset signs every other session out anyway).
  if (route.view === 'forgot-password') return <ForgotPasswordForm />;
  if (route.view === 'reset-password') return <ResetPasswordForm token={route.token} />;
  if (error) return <p role="alert">{error}</p>;
  if (me === undefined) return <p className="account-loading">Loading your account…</p>;
  if (me === null) return <AuthForms ssoLabel={ssoLabel} />;
  const leave = () => {
    void signOut()
      .catch(() => undefined)
      .finally(() => location.assign('/account'));
  };
  return (
    <div className="account-home">
      <p className="account-who">
        Signed in as <strong>{me.email}</strong>
        {me.isOwner && (
          <>
            {' · '}
            <a href="/config">Manage the store in the studio</a>
          </>
        )}
      </p>
      <nav className="account-tabs" aria-label="Account">
        <a
          href="#orders"
          aria-current={route.view === 'orders' || route.view === 'order' ? 'page' : undefined}
        >
          Orders
        </a>
        <a href="#subscriptions" aria-current={route.view === 'subscriptions' ? 'page' : undefined}>
          Subscriptions
        </a>
        <a href="#addresses" aria-current={route.view === 'addresses' ? 'page' : undefined}>
          Addresses
        </a>
        <button type="button" className="link-button account-tabs__out" onClick={leave}>
          Sign out
        </button>
      </nav>
      {route.view === 'order' ? (
        <OrderDetail id={route.id} />
      ) : route.view === 'addresses' ? (
        <AddressBook />
      ) : route.view === 'subscriptions' ? (
        <SubscriptionList />
      ) : (
        <OrderHistory />
      )}
    </div>
  );
}

/** Island entry ('account', the /account page). */
export function mount(element: HTMLElement): void {
  // The site's "Continue with …" button, when sign-in with SSO is on (the page says so).
  createRoot(element).render(<Account ssoLabel={element.dataset.ssoLabel || undefined} />);
}
