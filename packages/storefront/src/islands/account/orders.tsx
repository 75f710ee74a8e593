import type { ApiOutput } from '@store/api/client';
import { type CurrencyCode, formatMoney, offlineAddressLookup, shownTax } from '@store/commerce';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { failureText, shortDate, statusLabel } from './account-text';

type Summary = ApiOutput<'GET /api/site-users/account/orders'>['orders'][number];
type Order = ApiOutput<'GET /api/site-users/account/orders/:id'>['order'];

const money = (cents: number, currency: string) => formatMoney(cents, currency as CurrencyCode);

function Status({ status }: { status: string }) {
  return (
    <span className={`account-status account-status--${status.toLowerCase()}`}>{statusLabel(status)}</span>
  );
}

/** The account's orders, newest first, a page at a time. */
export function OrderHistory() {
  const [orders, setOrders] = useState<Summary[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = (cursor?: string) => {
    setBusy(true);
    api('GET /api/site-users/account/orders', { query: cursor ? { cursor } : {} })
      .then((page) => {
        setOrders((shown) => [...(cursor ? (shown ?? []) : []), ...page.orders]);
        setNext(page.nextPageCursor);
        setError(null);
      })
      .catch((e: unknown) => setError(failureText(e)))
      .finally(() => setBusy(false));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => load(), []);

  if (error && !orders) return <p role="alert">{error}</p>;
  if (!orders) return <p className="account-loading">Loading your orders…</p>;
  if (orders.length === 0)
    return (
      <p className="account-empty">
        No orders yet. Orders you place while signed in appear here. <a href="/">Start shopping</a>
      </p>
    );
  return (
    <section aria-label="Orders">
      <ul className="account-order-list">
        {orders.map((o) => (
          <li key={o.id} className="account-order-row">
            <a href={`#orders/${o.id}`} className="account-order-row__number">
              Order #{o.orderNumber}
            </a>
            <span className="account-order-row__date">{shortDate(o.createdOn)}</span>
            <span className="account-order-row__items">
              {o.itemCount} {o.itemCount === 1 ? 'item' : 'items'}
            </span>
            <Status status={o.status} />
            <strong className="account-order-row__total">
              {money(o.grandTotalCents, o.grandTotal.currency)}
            </strong>
          </li>
        ))}
      </ul>
      {error && <p role="alert">{error}</p>}
      {next && (
        <button type="button" className="button account-more" disabled={busy} onClick={() => load(next)}>
          Show older orders
        </button>
      )}
    </section>
  );
}

function Address({ address }: { address: Record<string, string> }) {
  const line = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  return (
    <address>
      {line(address.firstName, address.lastName)}
      <br />
      {address.address1}
      {address.address2 && (
        <>
          <br />
          {address.address2}
        </>
      )}
      <br />
      {line(address.city, address.region, address.postalCode)}
      <br />
      {offlineAddressLookup.countries().find((c) => c.code === address.country)?.name ?? address.country}
    </address>
  );
}

/** One order: lines, totals, state, tracking once shipped, where it goes. */
export function OrderDetail({ id }: { id: string }) {
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setOrder(null);
    api('GET /api/site-users/account/orders/:id', { params: { id } })
      .then((res) => setOrder(res.order))
      .catch((e: unknown) => setError(failureText(e)));
  }, [id]);
  const back = (
    <a href="#orders" className="account-back">
      ← All orders
    </a>
  );
  if (error)
    return (
      <>
        {back}
        <p role="alert">{error}</p>
      </>
    );
  if (!order) return <p className="account-loading">Loading the order…</p>;
  const m = (cents: number) => money(cents, order.currency);
  const tax = shownTax(order);
  return (
    <article className="account-order" aria-labelledby="account-order-title">
      {back}
      <header className="account-order__head">
        <h2 id="account-order-title">Order #{order.orderNumber}</h2>
        <Status status={order.status} />
      </header>
      <p className="meta">
        Placed {shortDate(order.createdOn)}
        {order.testMode && ' · test order'}
      </p>
      {order.trackingNumber && (
        <p className="account-tracking">
          Tracking number: <strong>{order.trackingNumber}</strong>
          {order.trackingCarrier && ` (${order.trackingCarrier})`}
        </p>
      )}
      <table className="account-lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one order's lines in a fixed order
            <tr key={i}>
              <td>
                {line.productName}
                {line.variantDescription && <small className="meta"> · {line.variantDescription}</small>}
              </td>
              <td>{line.quantity}</td>
              <td>{m(line.unitPriceCents * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="account-totals">
        <dt>Subtotal</dt>
        <dd>{m(order.subtotalCents)}</dd>
        {order.discountCents > 0 && (
          <>
            <dt>Discount</dt>
            <dd>−{m(order.discountCents)}</dd>
          </>
        )}
        <dt>Shipping{order.shippingOptionName ? ` (${order.shippingOptionName})` : ''}</dt>
        <dd>{m(order.shippingCents)}</dd>
        {(tax.addedCents > 0 || tax.includedCents === 0) && (
          <>
            <dt>Tax</dt>
            <dd>{m(tax.addedCents)}</dd>
          </>
        )}
        {tax.includedCents > 0 && (
          <>
            <dt>Tax (included)</dt>
            <dd>{m(tax.includedCents)}</dd>
          </>
        )}
        <dt className="is-total">Total</dt>
        <dd className="is-total">{m(order.grandTotalCents)}</dd>
      </dl>
      {order.shippingAddress && (
        <section className="account-ship-to">
          <h3>Shipping to</h3>
          <Address address={order.shippingAddress} />
        </section>
      )}
    </article>
  );
}

export { Address };
