import type { ApiOutput } from '@store/api/client';
import { type CurrencyCode, formatMoney } from '@store/commerce';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { type CardErrors, type CardFields, validateCard } from '../checkout/card-fields';
import { type CardTokenizer, testCardTokenizer } from '../checkout/card-tokenizer';
import { PaymentFields } from '../checkout/payment-fields';
import { usePaymentSetup } from '../checkout/payment-setup';
import { stripeTokenizer } from '../checkout/stripe-payment';
import type { StripeCardElement } from '../checkout/stripe-js';
import { AddressForm } from './address-form';
import { failureText } from './account-text';
import { Address } from './orders';

type Subscription = ApiOutput<'GET /api/site-users/account/subscriptions'>['subscriptions'][number];
type Upcoming = ApiOutput<'GET /api/site-users/account/subscriptions/:id/upcoming'>;

/** Subscription states as the customer reads them. */
const STATUS_LABELS: Record<Subscription['status'], string> = {
  active: 'Active',
  past_due: 'Payment failed',
  paused: 'Paused',
  cancelled: 'Cancelled',
  ended: 'Ended',
};

/** A date in the site's time zone ("Dec 28, 2026"), as the store bills. */
export const siteDate = (epochMs: number, timeZone: string) =>
  new Date(epochMs).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
  });

const money = (cents: number, currency: string) => formatMoney(cents, currency as CurrencyCode);

type Panel = 'cancel' | 'address' | 'card' | 'upcoming' | null;

/** The account's subscriptions: what each costs, when it bills next, and what the customer may change. */
export function SubscriptionList() {
  const [subs, setSubs] = useState<Subscription[] | null>(null);
  const [timeZone, setTimeZone] = useState('UTC');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api('GET /api/site-users/account/subscriptions')
      .then((res) => {
        setSubs(res.subscriptions);
        setTimeZone(res.timeZone);
      })
      .catch((e: unknown) => setError(failureText(e)));
  }, []);
  if (error && !subs) return <p role="alert">{error}</p>;
  if (!subs) return <p className="account-loading">Loading your subscriptions…</p>;
  if (subs.length === 0)
    return (
      <p className="account-empty">No subscriptions. Subscriptions you start while signed in appear here.</p>
    );
  const replace = (next: Subscription) =>
    setSubs((all) => (all ?? []).map((s) => (s.id === next.id ? next : s)));
  return (
    <section aria-label="Subscriptions" className="account-subscriptions">
      {subs.map((s) => (
        <SubscriptionCard key={s.id} sub={s} timeZone={timeZone} onChange={replace} />
      ))}
    </section>
  );
}

function SubscriptionCard(props: {
  sub: Subscription;
  timeZone: string;
  onChange(next: Subscription): void;
}) {
  const { sub, timeZone } = props;
  const [panel, setPanel] = useState<Panel>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const live = sub.status === 'active' || sub.status === 'past_due' || sub.status === 'paused';
  const date = (ms: number) => siteDate(ms, timeZone);

  const act = async (call: () => Promise<{ subscription: Subscription }>, done: string): Promise<void> => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const res = await call();
      props.onChange(res.subscription);
      setPanel(null);
      setNotice(done);
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const params = { id: sub.id };
  const pause = () =>
    act(
      () => api('POST /api/site-users/account/subscriptions/:id/pause', { params }),
      'Paused. Nothing is charged until you resume.',
    );
  const resume = () =>
    act(() => api('POST /api/site-users/account/subscriptions/:id/resume', { params }), 'Resumed.');
  const cancel = (when: 'now' | 'period_end') =>
    act(
      () => api('POST /api/site-users/account/subscriptions/:id/cancel', { params, body: { when } }),
      when === 'now' ? 'Cancelled.' : 'Cancelled: it ends at the end of this period.',
    );
  const toggle = (next: Panel) => {
    setNotice(null);
    setError(null);
    setPanel((p) => (p === next ? null : next));
  };

  return (
    <article className="account-subscription" aria-labelledby={`sub-${sub.id}`} data-testid="subscription">
      <header className="account-subscription__head">
        <h2 id={`sub-${sub.id}`}>
          {sub.productName}
          {sub.quantity > 1 && <small className="meta"> × {sub.quantity}</small>}
        </h2>
        <span className={`account-status account-status--${sub.status}`}>{STATUS_LABELS[sub.status]}</span>
      </header>
      <p className="account-subscription__price">{sub.priceText}</p>
      <dl className="account-subscription__facts">
        {sub.nextBillingAt !== null && (sub.status === 'active' || sub.status === 'past_due') && (
          <>
            <dt>Next billing</dt>
            <dd data-testid="next-billing">{date(sub.nextBillingAt)}</dd>
          </>
        )}
        {sub.status === 'past_due' && (
          <>
            <dt>Payment</dt>
            <dd>
              The last charge failed{sub.nextRetryAt ? `; we try again on ${date(sub.nextRetryAt)}` : ''}.
              Change the card to pay it.
            </dd>
          </>
        )}
        {sub.status === 'paused' && sub.pausedAt !== null && (
          <>
            <dt>Paused</dt>
            <dd>since {date(sub.pausedAt)}</dd>
          </>
        )}
        {sub.endsAt !== null && (
          <>
            <dt>{sub.endsAt > Date.now() ? 'Ends' : 'Ended'}</dt>
            <dd>{date(sub.endsAt)}</dd>
          </>
        )}
        <dt>Card</dt>
        <dd>{sub.paymentMethodLabel ?? 'None saved'}</dd>
        {sub.shippingAddress && (
          <>
            <dt>Ships to</dt>
            <dd>
              <Address address={sub.shippingAddress} />
            </dd>
          </>
        )}
      </dl>
      <div className="account-subscription__actions">
        {sub.status === 'active' && !sub.cancelAtPeriodEnd && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={pause}>
            Pause
          </button>
        )}
        {(sub.status === 'paused' ||
          (sub.cancelAtPeriodEnd && sub.endsAt !== null && sub.endsAt > Date.now())) && (
          <button type="button" className="button" disabled={busy} onClick={resume}>
            Resume
          </button>
        )}
        {live && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => toggle('cancel')}
          >
            Cancel…
          </button>
        )}
        {live && sub.shippingAddress && (
          <button type="button" className="link-button" onClick={() => toggle('address')}>
            Change address
          </button>
        )}
        {live && (
          <button type="button" className="link-button" onClick={() => toggle('card')}>
            Change card
          </button>
        )}
        {(sub.status === 'active' || sub.status === 'past_due') && (
          <button type="button" className="link-button" onClick={() => toggle('upcoming')}>
            Upcoming charges
          </button>
        )}
      </div>
      {notice && (
        <p className="account-notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {panel === 'cancel' && (
        <CancelDialog sub={sub} date={date} busy={busy} onCancel={cancel} onClose={() => setPanel(null)} />
      )}
      {panel === 'address' && (
        <AddressForm
          title="Deliver to"
          noDefault
          first={false}
          initial={{ address: (sub.shippingAddress ?? {}) as never, isDefault: false }}
          onCancel={() => setPanel(null)}
          onSave={async ({ address }) => {
            const res = await api('PUT /api/site-users/account/subscriptions/:id/address', {
              params,
              body: { address },
            });
            props.onChange(res.subscription);
            setPanel(null);
            setNotice('The next deliveries go to the new address.');
          }}
        />
      )}
      {panel === 'card' && (
        <CardChange
          id={sub.id}
          pastDue={sub.status === 'past_due'}
          onDone={(next) => {
            props.onChange(next);
            setPanel(null);
            setNotice(
              sub.status === 'past_due'
                ? 'Card saved. We will try the payment again in a moment.'
                : 'Card saved. The next charges go to it.',
            );
          }}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'upcoming' && <UpcomingCharges id={sub.id} currency={sub.currency} />}
    </article>
  );
}

/** "Cancel now or at the period end?" as a modal dialog. */
function CancelDialog(props: {
  sub: Subscription;
  date: (ms: number) => string;
  busy: boolean;
  onCancel(when: 'now' | 'period_end'): void;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  const { sub } = props;
  const periodEnd = sub.status === 'active' && sub.nextBillingAt !== null ? sub.nextBillingAt : null;
  return (
    <dialog
      ref={ref}
      className="account-dialog"
      aria-labelledby={`cancel-${sub.id}`}
      onClose={props.onClose}
      onCancel={props.onClose}
    >
      <h2 id={`cancel-${sub.id}`}>Cancel {sub.productName}?</h2>
      {periodEnd !== null ? (
        <p>
          You have paid until {props.date(periodEnd)}. Cancel at the end of this period to keep it until then,
          or now to stop at once.
        </p>
      ) : (
        <p>Nothing more will be charged.</p>
      )}
      <div className="account-form__actions">
        {periodEnd !== null && (
          <button
            type="button"
            className="button"
            disabled={props.busy}
            onClick={() => props.onCancel('period_end')}
          >
            At the end of this period
          </button>
        )}
        <button
          type="button"
          className="button button--danger"
          disabled={props.busy}
          onClick={() => props.onCancel('now')}
        >
          Cancel now
        </button>
        <button type="button" className="link-button" onClick={props.onClose}>
          Keep it
        </button>
      </div>
    </dialog>
  );
}

const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '', name: '' };

/** The checkout's card form (test fields or Stripe's), saved for the subscription's charges. */
function CardChange(props: {
  id: string;
  pastDue: boolean;
  onDone(next: Subscription): void;
  onClose(): void;
}) {
  const { setup, retry } = usePaymentSetup();
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [stripeCard, setStripeCard] = useState<StripeCardElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    let tokenizer: CardTokenizer;
    if (setup.status === 'test') {
      const found = validateCard(card);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      tokenizer = testCardTokenizer;
    } else if (setup.status === 'stripe') {
      tokenizer = stripeTokenizer(setup.stripe, stripeCard, { name: card.name || undefined } as never);
    } else return;
    setBusy(true);
    try {
      const token = await tokenizer(card);
      if (!token.ok) {
        setErrors(token.errors);
        return;
      }
      const res = await api('PUT /api/site-users/account/subscriptions/:id/card', {
        params: { id: props.id },
        body: { token: token.token },
      });
      props.onDone(res.subscription);
    } catch (e) {
      setFailure(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form account-card-form" noValidate onSubmit={submit}>
      <h2>Change card</h2>
      {props.pastDue && <p className="meta">The failed payment is tried again on the new card.</p>}
      <PaymentFields
        setup={setup}
        retry={retry}
        card={card}
        cardErrors={errors}
        onCardChange={(key, value) => setCard((c) => ({ ...c, [key]: value }))}
        onStripeCard={setStripeCard}
        onStripeChange={(e) => setErrors(e.error?.message ? { number: e.error.message } : {})}
      />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="account-form__actions">
        <button
          type="submit"
          className="button"
          disabled={busy || (setup.status !== 'test' && setup.status !== 'stripe')}
        >
          Save card
        </button>
        <button type="button" className="link-button" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function UpcomingCharges(props: { id: string; currency: string }) {
  const [upcoming, setUpcoming] = useState<Upcoming | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api('GET /api/site-users/account/subscriptions/:id/upcoming', {
      params: { id: props.id },
      query: { count: 6 },
    })
      .then(setUpcoming)
      .catch((e: unknown) => setError(failureText(e)));
  }, [props.id]);
  if (error) return <p role="alert">{error}</p>;
  if (!upcoming) return <p className="account-loading">Loading…</p>;
  if (upcoming.charges.length === 0) return <p className="meta">No charges are planned.</p>;
  return (
    <table className="account-lines account-upcoming">
      <caption>Upcoming charges</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {upcoming.charges.map((c) => (
          <tr key={c.cycle}>
            <td>{siteDate(c.dueAt, upcoming.timeZone)}</td>
            <td>{money(c.amountCents, upcoming.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
