import { useState } from 'react';
import { DataList, FilterSelect, ListToolbar, LoadMore, SearchBox } from '../components/list-kit';
import type { Column } from '../components/list-kit';
import { useSettled } from '../components/use-paged-list';
import { useApiPages } from '../data/api-query';
import { navigate } from '../router';
import { OrderDetail } from './order-detail';
import { StatusBadge } from './order-status-badge';
import {
  type OrderStatus,
  type OrderSummary,
  money,
  orderStatuses,
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

const columns: Column<OrderSummary>[] = [
  {
    key: 'order',
    header: 'Order',
    primary: true,
    cell: (o) => (
      <>
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
        {o.donation && <span className="badge">Donation</span>}
      </>
    ),
  },
  { key: 'date', header: 'Date', cell: (o) => dateText(o.createdOn) },
  { key: 'customer', header: 'Customer', cell: (o) => o.email },
  { key: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
  {
    key: 'total',
    header: 'Total',
    align: 'end',
    cell: (o) => (
      <>
        {money(o.grandTotalCents, o.currency)}
        {o.refundedCents > 0 && (
          <span className="muted"> ({money(o.refundedCents, o.currency)} refunded)</span>
        )}
      </>
    ),
  },
];

/** Orders newest first (the server's order, paged by cursor): search (number, e-mail, SKU), a status filter. */
function OrderList() {
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  // Search as the owner types, a moment after the last key.
  const q = useSettled(typed.trim());
  const list = useApiPages(
    'GET /api/commerce/orders',
    { query: { q: q || undefined, status: status || undefined } },
    { rows: (page) => page.orders, next: (page) => page.nextPageCursor },
  );

  return (
    <div className="orders">
      <div className="panel__head">
        <h1>Orders</h1>
      </div>
      <ListToolbar label="Find orders">
        <SearchBox
          label="Search orders"
          hideLabel
          placeholder="Search by order number, e-mail or SKU"
          value={typed}
          onChange={setTyped}
        />
        <FilterSelect
          label="Status"
          hideLabel
          value={status}
          allLabel="All statuses"
          options={orderStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
          onChange={(v) => setStatus(v as OrderStatus | '')}
        />
      </ListToolbar>
      <DataList
        label="Orders"
        rows={list.rows}
        columns={columns}
        rowKey={(o) => o.id}
        loading={list.loading}
        error={list.errorText}
        empty={<p className="muted">{q || status ? 'No orders match.' : 'No orders yet.'}</p>}
      />
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
    </div>
  );
}
