import type { ApiOutput } from '@store/api/client';
import { useApiQuery } from '../data/api-query';
import { DataList } from '../components/list-kit';
import type { Column } from '../components/list-kit';
import { paths } from '../router';
import { money } from './orders-api';
import './abandoned-carts.css';

const LIST = 'GET /api/commerce/abandoned-carts' as const;
type Cart = ApiOutput<typeof LIST>['carts'][number];

const STATE_LABELS: Record<Cart['state'], string> = {
  waiting: 'Waiting',
  reminded: 'Reminded',
  recovered: 'Recovered',
  stopped: 'Stopped',
};
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Commerce → Abandoned carts: what the reminders brought back, and each cart's state. */
export function AbandonedCartsScreen(_props: { rest: string[] }) {
  const list = useApiQuery(LIST, {});
  const data = list.data;
  const currency = data?.currency ?? 'USD';
  const columns: Column<Cart>[] = [
    { key: 'email', header: 'Shopper', primary: true, cell: (c) => c.email },
    {
      key: 'value',
      header: 'Value',
      align: 'end',
      cell: (c) =>
        `${money(c.valueCents, currency)} · ${c.itemCount} ${c.itemCount === 1 ? 'item' : 'items'}`,
    },
    { key: 'reminders', header: 'Reminders sent', align: 'end', cell: (c) => String(c.remindersSent) },
    {
      key: 'state',
      header: 'State',
      cell: (c) => <span className={`badge cart-state cart-state--${c.state}`}>{STATE_LABELS[c.state]}</span>,
    },
    { key: 'last', header: 'Last activity', cell: (c) => when(c.lastActivityAt) },
  ];

  return (
    <div className="abandoned-carts">
      <div className="panel__head">
        <h1>Abandoned carts</h1>
        <a className="btn" href={`${paths.commerce('settings')}#abandoned-carts`}>
          Reminder settings
        </a>
      </div>
      {data && (
        <dl className="cart-totals" aria-label="Recovery totals">
          <div>
            <dt>Carts with an e-mail</dt>
            <dd>{data.totals.carts}</dd>
          </div>
          <div>
            <dt>Carts reminded</dt>
            <dd>{data.totals.reminded}</dd>
          </div>
          <div>
            <dt>Recovered carts</dt>
            <dd>{data.totals.recovered}</dd>
          </div>
          <div>
            <dt>Recovered revenue</dt>
            <dd data-testid="recovered-revenue">{money(data.totals.recoveredCents, currency)}</dd>
          </div>
        </dl>
      )}
      <p className="muted">
        Recovered: bought within 7 days of a reminder or of opening its link. Stopped: bought without one,
        emptied, unsubscribed, or the shopper ordered another way. The latest 100 carts are shown.
      </p>
      <DataList
        label="Abandoned carts"
        rows={data?.carts ?? []}
        columns={columns}
        rowKey={(c) => c.id}
        loading={list.isLoading}
        error={list.errorText}
        empty={<p className="muted">No carts with an e-mail yet.</p>}
      />
    </div>
  );
}
