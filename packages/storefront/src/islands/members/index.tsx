import type { ApiOutput } from '@store/api/client';
import { useEffect, useState } from 'react';
import { ApiFailure, api } from '../../api';
import { AuthForms } from '../account/auth-forms';
import { mountInto } from '../mount-into';

type Offer = ApiOutput<'GET /api/members/areas/:area'>;
type Plan = Offer['plans'][number];

const failureText = (e: unknown) =>
  e instanceof ApiFailure && e.message && !e.offline
    ? e.message
    : 'Something went wrong. Check your connection and try again.';

type View = 'plans' | 'area' | 'join' | 'confirmed';

/**
 * Island 'members': a member area's offer, read live (who is signed in and a member is the
 * visitor's own, and pages are cached for everyone). `data-view`: 'plans' (pricing-plan
 * block 72), 'area' (member-area block 67), 'join' (the area's join page) and 'confirmed'
 * (membership confirmed, page 208). `data-area`: the area's id or slug.
 */
export function mount(element: HTMLElement): void {
  const area = element.dataset.area ?? '';
  const view = (element.dataset.view ?? 'plans') as View;
  if (!area) return;
  mountInto(element, <MemberArea area={area} view={view} />);
}

function useOffer(area: string) {
  const [offer, setOffer] = useState<Offer | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api('GET /api/members/areas/:area', { params: { area } }).then(setOffer, (e) => setError(failureText(e)));
  }, [area]);
  return { offer, error };
}

function MemberArea({ area, view }: { area: string; view: View }) {
  const { offer, error } = useOffer(area);
  if (error)
    return (
      <p className="members-error" role="alert">
        {error}
      </p>
    );
  if (!offer) return <p className="members-loading">Loading…</p>;
  if (view === 'area') return <AreaCard offer={offer} />;
  if (view === 'confirmed') return <Confirmed offer={offer} />;
  return <Plans offer={offer} onJoinPage={view === 'join'} />;
}

function AreaCard({ offer }: { offer: Offer }) {
  return (
    <div className="members-area">
      <h2 className="members-area__name">{offer.area.name}</h2>
      {offer.area.description && <p className="members-area__text">{offer.area.description}</p>}
      {offer.member ? (
        <a className="button members-area__enter" href={offer.enterPath}>
          Enter {offer.area.name}
        </a>
      ) : (
        <a className="button members-area__join" href={offer.joinPath}>
          Join {offer.area.name}
        </a>
      )}
      {offer.member && <p className="members-note">You are a member.</p>}
    </div>
  );
}

function Plans({ offer, onJoinPage }: { offer: Offer; onJoinPage: boolean }) {
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [signIn, setSignIn] = useState(false);

  if (offer.member)
    return (
      <div className="members-plans members-plans--member">
        <p className="members-note">You are a member of {offer.area.name}.</p>
        <a className="button" href={offer.enterPath}>
          Enter {offer.area.name}
        </a>
      </div>
    );
  if (offer.plans.length === 0)
    return <p className="members-note">{offer.area.name} cannot be joined online yet.</p>;

  async function join(plan: Plan) {
    setError('');
    if (!offer.signedIn) {
      // The join page asks for the account on the spot; a block sends the visitor there.
      if (onJoinPage) setSignIn(true);
      else location.assign(offer.joinPath);
      return;
    }
    setBusy(plan.id);
    try {
      const step = await api('POST /api/members/plans/:planId/join', { params: { planId: plan.id } });
      location.assign(step.next === 'joined' ? step.confirmedPath : step.checkoutPath);
    } catch (e) {
      setError(failureText(e));
      setBusy('');
    }
  }

  return (
    <div className="members-plans">
      <ul className="members-plans__list">
        {offer.plans.map((plan) => (
          <li className="members-plan" key={plan.id}>
            <h3 className="members-plan__name">{plan.name}</h3>
            <p className="members-plan__price">{plan.priceText}</p>
            {plan.description && <p className="members-plan__text">{plan.description}</p>}
            <button
              type="button"
              className="button members-plan__join"
              disabled={busy !== ''}
              aria-label={`Join ${offer.area.name}: ${plan.name}`}
              onClick={() => join(plan)}
            >
              {busy === plan.id ? 'Joining…' : 'Join'}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className="members-error" role="alert">
          {error}
        </p>
      )}
      {onJoinPage && !offer.signedIn && (
        <div className={`members-signin${signIn ? ' members-signin--asked' : ''}`}>
          <h2 className="members-signin__title">Sign in or create an account to join</h2>
          <p className="members-note">
            Your membership belongs to your account: sign in, or create one with your e-mail address. Then
            choose your plan.
          </p>
          <AuthForms />
        </div>
      )}
    </div>
  );
}

function Confirmed({ offer }: { offer: Offer }) {
  if (!offer.member)
    return (
      <div className="members-confirmed">
        <p className="members-note">
          {offer.signedIn
            ? 'Your membership is not active yet. If you just paid, it starts as soon as the payment is confirmed.'
            : 'Sign in to see your membership.'}
        </p>
        <a className="button" href={offer.signedIn ? offer.joinPath : '/account'}>
          {offer.signedIn ? `Join ${offer.area.name}` : 'Sign in'}
        </a>
      </div>
    );
  return (
    <div className="members-confirmed">
      <p className="members-confirmed__lead">You are now a member of {offer.area.name}.</p>
      <p className="members-note">A confirmation e-mail is on its way, with the link in.</p>
      <a className="button members-confirmed__enter" href={offer.enterPath}>
        Enter {offer.area.name}
      </a>
      <p className="members-note">
        You can see your membership in <a href="/account">your account</a>.
      </p>
    </div>
  );
}
