import { parseMoney, shownTax } from '@store/commerce';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmModal } from '../components/dialogs';
import { invalidateRoutes, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { apiKey } from '../data/query-keys';
import { navigate } from '../router';
import { StatusBadge } from './order-status-badge';
import { type OrderRead, money, ordersApi, ordersPath } from './orders-api';

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const eventText: Record<string, (d: Record<string, unknown>, currency: string) => string> = {
  placed: () => 'Order placed',
  paid: (d, c) =>
    `Payment captured${typeof d.capturedCents === 'number' ? `: ${money(d.capturedCents, c)}` : ''}`,
  fulfilled: (d) =>
    `Marked fulfilled, tracking ${String(d.trackingNumber ?? '')}${d.carrier ? ` (${d.carrier})` : ''}`,
  canceled: (d, c) =>
    `Canceled${typeof d.refundedCents === 'number' && d.refundedCents > 0 ? `, ${money(d.refundedCents, c)} refunded` : ''}`,
  refunded: (d, c) => `Refunded ${money(Number(d.amountCents ?? 0), c)}`,
};

/** One order for the owner: lines, totals, address, timeline and the actions its state allows. */
export function OrderDetail({ id }: { id: string }) {
  const client = useQueryClient();
  const read = useApiQuery('GET /api/commerce/orders/:id', { params: { id }, query: {} }, { staleTime: 0 });
  const order = read.data?.order ?? null;
  const [actionError, setActionError] = useState('');
  const error = actionError || read.errorText;
  const [busy, setBusy] = useState(false);

  /**
   * Run an action; its answer is the updated order (kept as this order's answer) and the list
   * is asked again; a refusal is shown where the owner looks.
   */
  async function act(work: () => Promise<{ order: OrderRead }>): Promise<boolean> {
    setBusy(true);
    try {
      const answer = await work();
      client.setQueryData(apiKey('GET /api/commerce/orders/:id', { id }), answer);
      void invalidateRoutes(client, ['GET /api/commerce/orders']);
      setActionError('');
      return true;
    } catch (e) {
      setActionError(failureText(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <a
      href={ordersPath()}
      onClick={(e) => {
        e.preventDefault();
        navigate(ordersPath());
      }}
    >
      ← Orders
    </a>
  );
  if (!order)
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

  const c = order.currency;
  const charged = order.chargedCents ?? order.grandTotalCents;
  const refundable = charged - (order.refundedCents ?? 0);
  const address = order.shippingAddress;
  const tax = shownTax(order);
  return (
    <div className="order-detail">
      {back}
      <div className="panel__head order-detail__head">
        <h1>
          Order #{order.orderNumber} <StatusBadge status={order.status ?? 'PENDING'} />
          {order.testMode && <span className="badge">Test mode</span>}
        </h1>
        <span className="muted">
          {when(order.createdOn)} · {order.email}
        </span>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <div className="order-detail__grid">
        <section>
          <h2>Items</h2>
          <table className="orders__table">
            <tbody>
              {order.items.map((l) => (
                <tr key={`${l.sku}-${l.itemId}`}>
                  <td>
                    {l.productName}
                    {l.variantDescription && <span className="muted"> · {l.variantDescription}</span>}
                    <div className="muted">{l.sku}</div>
                  </td>
                  <td className="num">
                    {l.quantity} × {money(l.unitPriceCents, c)}
                  </td>
                  <td className="num">{money(l.quantity * l.unitPriceCents, c)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="order-detail__totals">
            <dt>Subtotal</dt>
            <dd>{money(order.subtotalCents, c)}</dd>
            {order.discountCents > 0 && (
              <>
                <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
                <dd>−{money(order.discountCents, c)}</dd>
              </>
            )}
            <dt>Shipping{order.shippingOptionName ? ` (${order.shippingOptionName})` : ''}</dt>
            <dd>{money(order.shippingCents, c)}</dd>
            {(tax.addedCents > 0 || tax.includedCents === 0) && (
              <>
                <dt>Tax</dt>
                <dd>{money(tax.addedCents, c)}</dd>
              </>
            )}
            {tax.includedCents > 0 && (
              <>
                <dt>Tax (included)</dt>
                <dd>{money(tax.includedCents, c)}</dd>
              </>
            )}
            <dt>Total</dt>
            <dd>
              <strong>{money(order.grandTotalCents, c)}</strong>
            </dd>
            {(order.giftCardCents ?? 0) > 0 && (
              <>
                <dt>Paid by gift card</dt>
                <dd>{money(order.giftCardCents ?? 0, c)}</dd>
              </>
            )}
            {(order.refundedCents ?? 0) > 0 && (
              <>
                <dt>Refunded</dt>
                <dd>{money(order.refundedCents ?? 0, c)}</dd>
              </>
            )}
          </dl>
        </section>
        <section>
          <h2>Shipping address</h2>
          {address ? (
            <address className="order-detail__address">
              {[
                `${address.firstName ?? ''} ${address.lastName ?? ''}`.trim(),
                address.address1,
                address.address2,
                [address.city, address.region, address.postalCode].filter(Boolean).join(' '),
                address.country,
              ]
                .filter(Boolean)
                .map((line) => (
                  <div key={line}>{line}</div>
                ))}
            </address>
          ) : (
            <p className="muted">Nothing to ship.</p>
          )}
          {order.trackingNumber && (
            <p>
              Tracking: <strong>{order.trackingNumber}</strong>
              {order.trackingCarrier && ` (${order.trackingCarrier})`}
            </p>
          )}
          <h2>Timeline</h2>
          <ol className="order-detail__timeline">
            {(order.events ?? []).map((e) => (
              <li key={`${e.kind}-${e.createdOn}`}>
                <span>{(eventText[e.kind] ?? (() => e.kind))(e.detail, c)}</span>
                <span className="muted"> · {when(e.createdOn)}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <OrderActions order={order} refundable={refundable} busy={busy} act={act} />
    </div>
  );
}

function OrderActions(props: {
  order: OrderRead;
  refundable: number;
  busy: boolean;
  act(work: () => Promise<{ order: OrderRead }>): Promise<boolean>;
}) {
  const { order, refundable, busy, act } = props;
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState('');
  const status = order.status ?? 'PENDING';
  const c = order.currency;
  // Only an order that ships has a parcel to track.
  const address = order.shippingAddress;

  async function refund() {
    let cents: number | undefined;
    if (amount.trim()) {
      const parsed = parseMoney(amount.trim(), c);
      if (!parsed.ok || parsed.minor <= 0) return setFieldError('Enter an amount above zero.');
      cents = parsed.minor;
    }
    setFieldError('');
    const what = money(cents ?? refundable, c);
    if (
      !(await confirmModal({
        title: `Refund ${what}?`,
        message: `${what} goes back to the buyer's card.`,
        confirmLabel: 'Refund',
      }))
    )
      return;
    if (await act(() => ordersApi.refund(order.id, cents))) setAmount('');
  }

  return (
    <section className="order-detail__actions">
      <h2>Actions</h2>
      {status === 'PENDING' && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={() => act(() => ordersApi.capture(order.id))}
        >
          Capture payment
        </button>
      )}
      {status === 'PAID' && (
        <form
          className="order-detail__row"
          onSubmit={(e) => {
            e.preventDefault();
            if (address && !tracking.trim()) return setFieldError('Enter a tracking number.');
            setFieldError('');
            act(() => ordersApi.fulfill(order.id, tracking.trim() || undefined, carrier.trim() || undefined));
          }}
        >
          {address && (
            <>
              <label>
                Tracking number
                <input value={tracking} onChange={(e) => setTracking(e.target.value)} />
              </label>
              <label>
                Carrier (optional)
                <input value={carrier} onChange={(e) => setCarrier(e.target.value)} />
              </label>
            </>
          )}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Mark fulfilled
          </button>
        </form>
      )}
      {(status === 'PAID' || status === 'FULFILLED') && refundable > 0 && (
        <div className="order-detail__row">
          <label>
            Refund amount
            <input
              inputMode="decimal"
              placeholder={`${money(refundable, c)} (all)`}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
          <button type="button" className="btn btn--plain" disabled={busy} onClick={refund}>
            Refund
          </button>
        </div>
      )}
      {(status === 'PENDING' || status === 'PAID') && (
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy}
          onClick={async () => {
            const ok = await confirmModal({
              title: `Cancel order #${order.orderNumber}?`,
              message:
                status === 'PAID'
                  ? 'The stock goes back, the payment is refunded and the buyer is told by e-mail.'
                  : 'The stock goes back and the buyer is told by e-mail. No payment was taken.',
              confirmLabel: 'Cancel order',
            });
            if (ok) await act(() => ordersApi.cancel(order.id));
          }}
        >
          Cancel order
        </button>
      )}
      {fieldError && (
        <p className="alert" role="alert">
          {fieldError}
        </p>
      )}
      {(status === 'CANCELED' || status === 'REFUNDED') && (
        <p className="muted">Nothing more to do for this order.</p>
      )}
    </section>
  );
}
