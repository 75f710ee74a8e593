import { useEffect, useState } from 'react';
import { usePagedList, useSettled } from '../components/use-paged-list';
import { navigate } from '../router';
import { OrderDetail } from './order-detail';
import { StatusBadge } from './order-status-badge';
import {
  type OrderQuery,
  type OrderStatus,
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
  const search = useSettled(typed.trim() || undefined);
  // Search as the owner types, a moment after the last key.
  useEffect(() => setQuery((q) => (q.q === search ? q : { ...q, q: search })), [search]);
  const list = usePagedList(
    {
      fetch: (cursor) => ordersApi.list({ ...query, cursor }),
      rows: (page) => page.orders,
      next: (page) => page.nextPageCursor,
      failure: failureMessage,
    },
    [query],
  );
  const { rows: orders, loading, error } = list;

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
      {list.hasMore && !loading && (
        <button type="button" className="btn btn--plain" onClick={list.loadMore}>
          Load more
        </button>
      )}
    </div>
  );
}
