import { useState } from 'react';
import { DataList, FilterSelect, ListToolbar, LoadMore, SearchBox } from '../components/list-kit';
import type { Column } from '../components/list-kit';
import { useSettled } from '../components/use-paged-list';
import { useApiPages, useApiQuery } from '../data/api-query';
import { StatusBadge } from '../commerce/order-status-badge';
import { type OrderStatus, money, ordersPath } from '../commerce/orders-api';
import { navigate } from '../router';
import {
  type CustomerRow,
  type CustomerSort,
  addressLines,
  customerSorts,
  customerTitle,
  customersPath,
  dateOf,
  exportHref,
} from './customers-data';
import './customers.css';

/** Commerce → Customers: the list, or one customer when the path names them (`rest[0]`). */
export function CustomersScreen({ rest }: { rest: string[] }) {
  const [id] = rest;
  return id ? <CustomerView id={id} /> : <CustomerList />;
}

const link = (to: string, text: string) => (
  <a
    href={to}
    onClick={(e) => {
      e.preventDefault();
      navigate(to);
    }}
  >
    {text}
  </a>
);

const columns: Column<CustomerRow>[] = [
  {
    key: 'customer',
    header: 'Customer',
    primary: true,
    cell: (c) => (
      <>
        {link(customersPath(c.id), customerTitle(c))}
        {c.name.trim() && <span className="muted customer-email">{c.email}</span>}
      </>
    ),
  },
  { key: 'orders', header: 'Orders', align: 'end', cell: (c) => c.orders },
  { key: 'spent', header: 'Total spent', align: 'end', cell: (c) => money(c.totalSpentCents, c.currency) },
  { key: 'last', header: 'Last order', cell: (c) => dateOf(c.lastOrderAt) },
  { key: 'account', header: 'Account', cell: (c) => (c.hasAccount ? 'Yes' : 'No') },
];

/** Everyone who ordered or has an account: search by name or e-mail, order by last order or spend. */
function CustomerList() {
  const [typed, setTyped] = useState('');
  const [sort, setSort] = useState<CustomerSort>('lastOrder');
  const q = useSettled(typed.trim());
  const list = useApiPages(
    'GET /api/owner/customers',
    { query: { q: q || undefined, sort } },
    { rows: (page) => page.customers, next: (page) => page.nextPageCursor },
  );
  return (
    <div className="customers">
      <div className="panel__head customers__head">
        <h1>Customers</h1>
        <a className="btn btn--plain" href={exportHref({ q, sort })} download>
          Export CSV
        </a>
      </div>
      <ListToolbar label="Find customers">
        <SearchBox
          label="Search customers"
          hideLabel
          placeholder="Search by name or e-mail"
          value={typed}
          onChange={setTyped}
        />
        <FilterSelect
          label="Sort by"
          value={sort}
          options={customerSorts}
          onChange={(v) => setSort(v as CustomerSort)}
        />
      </ListToolbar>
      <DataList
        label="Customers"
        rows={list.rows}
        columns={columns}
        rowKey={(c) => c.id}
        loading={list.loading}
        error={list.errorText}
        empty={<p className="muted">{q ? 'No customers match.' : 'No customers yet.'}</p>}
      />
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onMore={list.loadMore} />
    </div>
  );
}

/** One customer: what they spent, their orders (each opens in Orders) and their addresses. */
function CustomerView({ id }: { id: string }) {
  const detail = useApiQuery('GET /api/owner/customers/:customerId', { params: { customerId: id } });
  const back = link(customersPath(), '← Customers');
  if (!detail.data)
    return (
      <div className="customer-detail">
        {back}
        {detail.errorText ? (
          <p className="alert" role="alert">
            {detail.errorText}
          </p>
        ) : (
          <p className="loading">Loading…</p>
        )}
      </div>
    );
  const { customer, orders, addresses } = detail.data;
  return (
    <div className="customer-detail">
      {back}
      <h1>{customerTitle(customer)}</h1>
      <p className="muted customer-detail__email">{customer.email}</p>
      <dl className="customer-detail__facts">
        <div>
          <dt>Orders</dt>
          <dd>{customer.orders}</dd>
        </div>
        <div>
          <dt>Total spent</dt>
          <dd>{money(customer.totalSpentCents, customer.currency)}</dd>
        </div>
        <div>
          <dt>Last order</dt>
          <dd>{dateOf(customer.lastOrderAt)}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>{customer.accountCreatedAt ? `Since ${dateOf(customer.accountCreatedAt)}` : 'No account'}</dd>
        </div>
      </dl>
      <h2>Orders</h2>
      <DataList
        label="Orders"
        rows={orders}
        rowKey={(o) => o.id}
        columns={[
          {
            key: 'order',
            header: 'Order',
            primary: true,
            cell: (o) => link(ordersPath(o.id), `#${o.orderNumber}`),
          },
          { key: 'date', header: 'Date', cell: (o) => dateOf(o.createdAt) },
          { key: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status as OrderStatus} /> },
          { key: 'total', header: 'Total', align: 'end', cell: (o) => money(o.grandTotalCents, o.currency) },
        ]}
        empty={<p className="muted">No orders yet.</p>}
      />
      <h2>Addresses</h2>
      {addresses.length === 0 ? (
        <p className="muted">No addresses yet.</p>
      ) : (
        <ul className="customer-detail__addresses">
          {addresses.map((a) => (
            <li key={addressLines(a.address).join('|')}>
              <address>
                {addressLines(a.address).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
              <span className="muted">
                {a.source === 'account' ? (a.isDefault ? 'Saved, default' : 'Saved') : 'Shipped to'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
