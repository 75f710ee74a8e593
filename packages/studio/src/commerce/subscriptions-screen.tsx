import type { ApiOutput } from '@store/api/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api';
import {
  type Column,
  DataList,
  FilterSelect,
  ListToolbar,
  LoadMore,
  SearchBox,
} from '../components/list-kit';
import { confirmModal } from '../components/dialogs';
import { useSettled } from '../components/use-paged-list';
import { invalidateRoutes, useApiPages, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { apiKey } from '../data/query-keys';
import { navigate } from '../router';
import { mayChange, usePermissions } from '../settings/people-api';
import { money, ordersPath } from './orders-api';
import './orders.css';

type Summary = ApiOutput<'GET /api/commerce/subscriptions'>['subscriptions'][number];
type Detail = ApiOutput<'GET /api/commerce/subscriptions/:id'>;
type Status = Summary['status'];

const STATUSES: Status[] = ['active', 'past_due', 'paused', 'cancelled', 'ended'];
export const subscriptionStatusLabels: Record<Status, string> = {
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  cancelled: 'Cancelled',
  ended: 'Ended',
};
const CYCLE_STATES: Record<string, string> = {
  claimed: 'Due',
  charging: 'Charging',
  paid: 'Paid',
  failed: 'Failed',
  skipped: 'Skipped',
  refunded: 'Refunded',
};
const EVENT_TEXT: Record<string, (d: Record<string, unknown>) => string> = {
  paused: () => 'Paused',
  resumed: () => 'Resumed',
  cancelled: () => 'Cancelled',
  cancelled_at_period_end: () => 'Set to cancel at the end of the period',
  address_changed: () => 'Shipping address changed',
  card_changed: (d) => `Card changed${d.label ? ` to ${String(d.label)}` : ''}`,
  renewal_refunded: (d) => `Renewal ${String(d.cycle ?? '')} refunded`,
};
const ACTORS: Record<string, string> = {
  customer: 'by the customer',
  owner: 'in the studio',
  store: 'by the store',
};

export const subscriptionsPath = (id?: string) =>
  id ? `/config/commerce/subscriptions/${encodeURIComponent(id)}` : '/config/commerce/subscriptions';

const dayIn = (ms: number, timeZone: string) =>
  new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone });
const momentIn = (ms: number, timeZone: string) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });

function StatusPill({ status }: { status: Status }) {
  return (
    <span className={`order-status subscription-status--${status}`} data-status={status}>
      {subscriptionStatusLabels[status]}
    </span>
  );
}

/** Commerce → Subscriptions: the list, or one subscription when the path names it (`rest[0]`). */
export function SubscriptionsScreen({ rest }: { rest: string[] }) {
  const [id] = rest;
  if (id) return <SubscriptionDetail id={id} />;
  return <SubscriptionList />;
}

function go(path: string) {
  return (e: React.MouseEvent) => {
    e.preventDefault();
    navigate(path);
  };
}

function SubscriptionList() {
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState<Status | ''>('');
  const q = useSettled(typed.trim());
  const list = useApiPages(
    'GET /api/commerce/subscriptions',
    { query: { q: q || undefined, status: status || undefined } },
    { rows: (page) => page.subscriptions, next: (page) => page.nextPageCursor },
  );
  const zone = list.first?.timeZone ?? 'UTC';
  const columns: Column<Summary>[] = [
    {
      key: 'product',
      header: 'Subscription',
      primary: true,
      cell: (s) => (
        <>
          <a href={subscriptionsPath(s.id)} onClick={go(subscriptionsPath(s.id))}>
            {s.productName}
          </a>
          {s.testMode && <span className="badge">Test mode</span>}
        </>
      ),
    },
    { key: 'customer', header: 'Customer', cell: (s) => s.email },
    { key: 'price', header: 'Price', cell: (s) => s.priceText },
    { key: 'status', header: 'Status', cell: (s) => <StatusPill status={s.status} /> },
    {
      key: 'next',
      header: 'Next billing',
      cell: (s) =>
        s.nextBillingAt && (s.status === 'active' || s.status === 'past_due') ? (
          dayIn(s.nextBillingAt, zone)
        ) : (
          <span className="muted">—</span>
        ),
    },
  ];
  return (
    <div className="orders">
      <div className="panel__head">
        <h1>Subscriptions</h1>
      </div>
      <ListToolbar label="Find subscriptions">
        <SearchBox
          label="Search subscriptions"
          hideLabel
          placeholder="Search by e-mail"
          value={typed}
          onChange={setTyped}
        />
        <FilterSelect
          label="Status"
          hideLabel
          value={status}
          allLabel="All statuses"
          options={STATUSES.map((s) => ({ value: s, label: subscriptionStatusLabels[s] }))}
          onChange={(v) => setStatus(v as Status | '')}
        />
      </ListToolbar>
      <DataList
        label="Subscriptions"
        rows={list.rows}
        columns={columns}
        rowKey={(s) => s.id}
        loading={list.loading}
        error={list.errorText}
        empty={<p className="muted">{q || status ? 'No subscriptions match.' : 'No subscriptions yet.'}</p>}
      />
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
    </div>
  );
}

/** A refund whose answer was lost is sent again with its key: answered once, never refunded twice. */
const refundKeys = new Map<string, string>();

function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

function SubscriptionDetail({ id }: { id: string }) {
  const client = useQueryClient();
  const read = useApiQuery('GET /api/commerce/subscriptions/:id', { params: { id } }, { staleTime: 0 });
  const canChange = mayChange(usePermissions(), 'orders');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState('');
  const detail = read.data ?? null;
  const error = actionError || read.errorText;

  async function act(work: () => Promise<Detail>) {
    setBusy(true);
    try {
      const answer = await work();
      client.setQueryData(apiKey('GET /api/commerce/subscriptions/:id', { id }), answer);
      void invalidateRoutes(client, ['GET /api/commerce/subscriptions']);
      setActionError('');
    } catch (e) {
      setActionError(failureText(e));
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <a href={subscriptionsPath()} onClick={go(subscriptionsPath())}>
      ← Subscriptions
    </a>
  );
  if (!detail)
    return (
      <div className="order-detail">
        {back}
        {error ? (
          <p className="alert" role="alert">
            {error}
          </p>
        ) : (
          <p className="loading">Loading…</p>
        )}
      </div>
    );

  const { subscription: s, timeZone: zone } = detail;
  const c = s.currency;
  const params = { id: s.id };
  const live = s.status === 'active' || s.status === 'past_due' || s.status === 'paused';
  const refund = async (cycle: number, amountCents: number) => {
    const ok = await confirmModal({
      title: `Refund renewal ${cycle}?`,
      message: `${money(amountCents, c)} goes back to the customer's card. The subscription goes on.`,
      confirmLabel: 'Refund',
    });
    if (!ok) return;
    const key = refundKeys.get(`${s.id}:${cycle}`) ?? newKey();
    refundKeys.set(`${s.id}:${cycle}`, key);
    await act(() =>
      call('POST /api/commerce/subscriptions/:id/cycles/:cycle/refund', {
        params: { id: s.id, cycle },
        headers: { 'idempotency-key': key },
      }),
    );
  };
  const cancel = async (when: 'now' | 'period_end') => {
    const ok = await confirmModal({
      title: when === 'now' ? 'Cancel now?' : 'Cancel at the end of the period?',
      message:
        when === 'now'
          ? 'Nothing more is charged and any member access ends now.'
          : `Nothing more is charged; access lasts until ${s.nextBillingAt ? dayIn(s.nextBillingAt, zone) : 'the period ends'}.`,
      confirmLabel: 'Cancel subscription',
    });
    if (ok) await act(() => call('POST /api/commerce/subscriptions/:id/cancel', { params, body: { when } }));
  };

  return (
    <div className="order-detail subscription-detail">
      {back}
      <div className="panel__head order-detail__head">
        <h1>
          {s.productName} <StatusPill status={s.status} />
          {s.testMode && <span className="badge">Test mode</span>}
        </h1>
        <span className="muted">
          {s.email} · since {dayIn(s.createdOn, zone)}
        </span>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="order-detail__grid">
        <section>
          <h2>Billing</h2>
          <dl className="order-detail__totals">
            <dt>Price</dt>
            <dd>{s.priceText}</dd>
            <dt>Next billing</dt>
            <dd>
              {s.nextBillingAt && (s.status === 'active' || s.status === 'past_due')
                ? dayIn(s.nextBillingAt, zone)
                : '—'}
            </dd>
            {s.endsAt && (
              <>
                <dt>{s.endsAt > Date.now() ? 'Ends' : 'Ended'}</dt>
                <dd>{dayIn(s.endsAt, zone)}</dd>
              </>
            )}
            <dt>Card</dt>
            <dd>{s.paymentMethodLabel ?? '—'}</dd>
            <dt>Charged</dt>
            <dd>
              {s.cyclesDone} {s.cyclesDone === 1 ? 'time' : 'times'}
              {s.numBillingCycles > 0 && ` of ${s.numBillingCycles}`}
            </dd>
            {s.status === 'past_due' && (
              <>
                <dt>Failed attempts</dt>
                <dd>
                  {s.failedAttempts}
                  {s.nextRetryAt && ` · next try ${momentIn(s.nextRetryAt, zone)}`}
                </dd>
              </>
            )}
          </dl>
          <h2>Cycles</h2>
          <table className="orders__table" aria-label="Billing cycles">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">State</th>
                <th scope="col">Order</th>
                {canChange && <th scope="col">{''}</th>}
              </tr>
            </thead>
            <tbody>
              {detail.cycles.map((cy) => (
                <tr key={cy.cycle} data-testid="cycle">
                  <td>{cy.cycle}</td>
                  <td>{dayIn(cy.dueAt, zone)}</td>
                  <td className="num">{money(cy.amountCents, c)}</td>
                  <td>
                    {CYCLE_STATES[cy.state] ?? cy.state}
                    {cy.attempts > 1 && <span className="muted"> ({cy.attempts} tries)</span>}
                  </td>
                  <td>
                    {cy.orderId && cy.orderNumber !== null ? (
                      <a href={ordersPath(cy.orderId)} onClick={go(ordersPath(cy.orderId))}>
                        #{cy.orderNumber}
                      </a>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  {canChange && (
                    <td className="num">
                      {cy.orderId &&
                        cy.orderStatus !== 'REFUNDED' &&
                        cy.state !== 'refunded' &&
                        (cy.orderStatus === 'PAID' || cy.orderStatus === 'FULFILLED') && (
                          <button
                            type="button"
                            className="btn btn--plain"
                            disabled={busy}
                            onClick={() => refund(cy.cycle, cy.amountCents - cy.refundedCents)}
                          >
                            Refund
                          </button>
                        )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {detail.upcoming.length > 0 && (
            <p className="muted">
              Next:{' '}
              {detail.upcoming.map((u) => `${dayIn(u.dueAt, zone)} (${money(u.amountCents, c)})`).join(', ')}
            </p>
          )}
        </section>
        <section>
          <h2>History</h2>
          <ol className="order-detail__timeline">
            {detail.events.length === 0 && <li className="muted">No changes since it started.</li>}
            {detail.events.map((e) => (
              <li key={`${e.kind}-${e.createdOn}`}>
                <span>{(EVENT_TEXT[e.kind] ?? (() => e.kind))(e.detail)}</span>
                <span className="muted">
                  {' '}
                  {ACTORS[e.actor] ?? ''} · {momentIn(e.createdOn, zone)}
                </span>
              </li>
            ))}
          </ol>
          {s.shippingAddress && (
            <>
              <h2>Ships to</h2>
              <address className="order-detail__address">
                {[
                  `${s.shippingAddress.firstName ?? ''} ${s.shippingAddress.lastName ?? ''}`.trim(),
                  s.shippingAddress.address1,
                  [s.shippingAddress.city, s.shippingAddress.region, s.shippingAddress.postalCode]
                    .filter(Boolean)
                    .join(' '),
                  s.shippingAddress.country,
                ]
                  .filter(Boolean)
                  .map((line) => (
                    <div key={line}>{line}</div>
                  ))}
              </address>
            </>
          )}
        </section>
      </div>
      {canChange && live && (
        <section className="order-detail__actions">
          <h2>Actions</h2>
          {s.status === 'active' && !s.cancelAtPeriodEnd && (
            <button
              type="button"
              className="btn btn--plain"
              disabled={busy}
              onClick={() => act(() => call('POST /api/commerce/subscriptions/:id/pause', { params }))}
            >
              Pause
            </button>
          )}
          {s.status === 'paused' && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => act(() => call('POST /api/commerce/subscriptions/:id/resume', { params }))}
            >
              Resume
            </button>
          )}
          {s.status === 'active' && s.nextBillingAt && (
            <button
              type="button"
              className="btn btn--plain"
              disabled={busy}
              onClick={() => cancel('period_end')}
            >
              Cancel at period end
            </button>
          )}
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => cancel('now')}>
            Cancel now
          </button>
        </section>
      )}
      {canChange && s.status === 'cancelled' && s.cancelAtPeriodEnd && s.endsAt && s.endsAt > Date.now() && (
        <section className="order-detail__actions">
          <h2>Actions</h2>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => act(() => call('POST /api/commerce/subscriptions/:id/resume', { params }))}
          >
            Keep it going (undo the cancel)
          </button>
        </section>
      )}
    </div>
  );
}
