import { useEffect, useRef, useState } from 'react';
import { navigate } from '../router';
import { OrderDetail } from './order-detail';
import { StatusBadge } from './order-status-badge';
import {
  type OrderQuery,
  type OrderStatus,
  type OrderSummary,
  failureMessage,
  money,
  orderStatuses,
  ordersApi,
  ordersPath,
  statusLabels,
} from './orders-api';
import './orders.css';

const dateText = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Commerce → Orders: the list, or one order's detail when the path names it (`rest[0]`). */
export function OrdersScreen({ rest }: { rest: string[] }) {
  const [id] = rest;
  if (id) return <OrderDetail id={id} />;
  return <OrderList />;
}

/** Orders newest first: search (number, e-mail, SKU), a status filter and "Load more". */
function OrderList() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<OrderQuery>({});
  const [orders, setOrders] = useState<OrderSummary[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  // Only the newest request's answer is shown (typing fast sends several).
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    ordersApi
      .list(query)
      .then((page) => {
        if (ticket !== latest.current) return;
        setOrders(page.orders);
        setNext(page.nextPageCursor);
        setError('');
      })
      .catch((e) => ticket === latest.current && setError(failureMessage(e)))
      .finally(() => ticket === latest.current && setLoading(false));
  }, [query]);

  // Search as the owner types, a moment after the last key.
  useEffect(() => {
    const value = typed.trim() || undefined;
    const timer = setTimeout(() => setQuery((q) => (q.q === value ? q : { ...q, q: value })), 250);
    return () => clearTimeout(timer);
  }, [typed]);

  async function loadMore() {
    if (!next) return;
    setLoading(true);
    try {
      const page = await ordersApi.list({ ...query, cursor: next });
      setOrders((list) => [...list, ...page.orders]);
      setNext(page.nextPageCursor);
      setError('');
    } catch (e) {
      setError(failureMessage(e));
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="orders">
      <div className="panel__head">
        <h1>Orders</h1>
      </div>
      <div className="orders__filters">
        <label>
          <span className="visually-hidden">Search orders</span>
          <input
            type="search"
            placeholder="Search by order number, e-mail or SKU"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <label>
          <span className="visually-hidden">Status</span>
          <select
            value={query.status ?? ''}
            onChange={(e) =>
              setQuery((q) => ({ ...q, status: (e.target.value || undefined) as OrderStatus | undefined }))
            }
          >
            <option value="">All statuses</option>
            {orderStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <table className="orders__table">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <td>
                <a
                  href={ordersPath(o.id)}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(ordersPath(o.id));
                  }}
                >
                  #{o.orderNumber}
                </a>
                {o.testMode && <span className="badge">Test mode</span>}
              </td>
              <td>{dateText(o.createdOn)}</td>
              <td>{o.email}</td>
              <td>
                <StatusBadge status={o.status} />
              </td>
              <td className="num">
                {money(o.grandTotalCents, o.currency)}
                {o.refundedCents > 0 && (
                  <span className="muted"> ({money(o.refundedCents, o.currency)} refunded)</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!loading && orders.length === 0 && !error && (
        <p className="muted">{query.q || query.status ? 'No orders match.' : 'No orders yet.'}</p>
      )}
      {loading && <p className="loading">Loading…</p>}
      {next && !loading && (
        <button type="button" className="btn btn--plain" onClick={loadMore}>
          Load more
        </button>
      )}
    </div>
  );
}
