import { useState } from 'react';
import { type Column, DataList } from '../components/list-kit';
import { type SortState, type SortValue, sortRows } from '../components/list-data';
import { type Summary, type VitalName, count, money, ratingLabels, vitalText } from './analytics-api';
import {
  type ErrorRow,
  type VitalsRow,
  errorValue,
  pathText,
  referrerValue,
  revenueKey,
  revenueValue,
  topPageValue,
  vitalsValue,
} from './analytics-table-data';

/**
 * A titled table of the report (the list kit: sortable headers, a card per row on a phone),
 * or a quiet line when it has no rows. Rows come ranked by the server; a header re-sorts them.
 */
function Table<Row>(props: {
  title: string;
  label: string;
  empty: string;
  rows: readonly Row[];
  columns: Column<Row>[];
  rowKey: (row: Row, index: number) => string;
  value: (row: Row, key: string) => SortValue;
}) {
  const [sort, setSort] = useState<SortState | null>(null);
  const keyed = props.rows.map((row, index) => ({ row, key: props.rowKey(row, index) }));
  const rows = sortRows(keyed, sort, (r, key) => props.value(r.row, key));
  const columns = props.columns.map((c, i) => ({
    ...c,
    sortable: true,
    align: i > 0 ? ('end' as const) : c.align,
    cell: (r: { row: Row }) => c.cell(r.row),
  }));
  return (
    <section className="analytics__card" aria-label={props.label}>
      <h2>{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className="analytics__none">{props.empty}</p>
      ) : (
        <DataList
          label={props.label}
          className="analytics__table"
          rows={rows}
          columns={columns}
          rowKey={(r) => r.key}
          sort={sort}
          onSortChange={setSort}
        />
      )}
    </section>
  );
}

export function TopPages({ s }: { s: Summary }) {
  return (
    <Table
      title="Top pages"
      label="Top pages"
      empty="No page views in this range."
      rows={s.topPages}
      rowKey={(p) => pathText(p)}
      value={topPageValue}
      columns={[
        { key: 'page', header: 'Page', primary: true, cell: (p) => pathText(p) },
        { key: 'views', header: 'Page views', cell: (p) => count(p.pageViews) },
        { key: 'visitors', header: 'Unique visitors', cell: (p) => count(p.uniqueVisitors) },
      ]}
    />
  );
}

export function Referrers({ s }: { s: Summary }) {
  return (
    <Table
      title="Referrers"
      label="Referrers"
      empty="No visits came from another site in this range."
      rows={s.referrers}
      rowKey={(r) => r.referrer}
      value={referrerValue}
      columns={[
        { key: 'site', header: 'Site', primary: true, cell: (r) => r.referrer },
        { key: 'visits', header: 'Visits', cell: (r) => count(r.visits) },
      ]}
    />
  );
}

export function Revenue({ s }: { s: Summary }) {
  return (
    <Table
      title={s.testMode && s.revenue.length > 0 ? 'Sales (test-mode orders)' : 'Sales'}
      label="Revenue"
      empty="No orders in this range."
      rows={s.revenue}
      rowKey={revenueKey}
      value={revenueValue}
      columns={[
        {
          key: 'currency',
          header: 'Currency',
          primary: true,
          cell: (r) => (
            <>
              {r.currency}
              {r.testMode && <span className="analytics__badge">Test mode</span>}
            </>
          ),
        },
        { key: 'orders', header: 'Orders', cell: (r) => count(r.orders) },
        { key: 'revenue', header: 'Revenue', cell: (r) => money(r.grandTotalCents, r.currency) },
      ]}
    />
  );
}

type DonationRow = NonNullable<Summary['donations']>[number];

/** Donations in the range, apart from sales (Revenue leaves them out). */
export function Donations({ s }: { s: Summary }) {
  return (
    <Table<DonationRow>
      title={s.testMode && (s.donations ?? []).length > 0 ? 'Donations (test mode)' : 'Donations'}
      label="Donations"
      empty="No donations in this range."
      rows={s.donations ?? []}
      rowKey={(d) => d.currency}
      value={(d, key) =>
        key === 'total'
          ? d.totalMinor
          : key === 'count'
            ? d.count
            : key === 'recurring'
              ? d.recurringDonors
              : d.currency
      }
      columns={[
        { key: 'currency', header: 'Currency', primary: true, cell: (d) => d.currency },
        { key: 'count', header: 'Donations', cell: (d) => count(d.count) },
        { key: 'recurring', header: 'Recurring donors', cell: (d) => count(d.recurringDonors) },
        { key: 'total', header: 'Total', cell: (d) => money(d.totalMinor, d.currency) },
      ]}
    />
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function JavascriptErrors({ s }: { s: Summary }) {
  return (
    <Table<ErrorRow>
      title="JavaScript errors"
      label="JavaScript errors"
      empty="No errors reported in this range."
      rows={s.javascriptErrors}
      rowKey={(e, i) => `${i}:${e.message}`}
      value={errorValue}
      columns={[
        { key: 'message', header: 'Message', primary: true, cell: (e) => <code>{e.message}</code> },
        { key: 'count', header: 'Count', cell: (e) => count(e.count) },
        { key: 'lastSeen', header: 'Last seen', cell: (e) => when(e.lastSeen) },
      ]}
    />
  );
}

const VITALS: { key: VitalName; label: string }[] = [
  { key: 'fcp', label: 'FCP' },
  { key: 'lcp', label: 'LCP' },
  { key: 'fid', label: 'FID' },
  { key: 'cls', label: 'CLS' },
];

function VitalCell({ row, vital }: { row: VitalsRow; vital: VitalName }) {
  const m = row[vital];
  if (!m) return <span className="analytics__none">—</span>;
  return (
    <span className={`vital vital--${m.rating}`} title={ratingLabels[m.rating]} data-rating={m.rating}>
      {vitalText(vital, m.p75)}
      <small>{ratingLabels[m.rating]}</small>
    </span>
  );
}

/** p75 per page template, each cell coloured by its spec §9 rating (and named, not colour alone). */
export function WebVitals({ s }: { s: Summary }) {
  return (
    <Table<VitalsRow>
      title="Web Vitals (75th percentile)"
      label="Web Vitals"
      empty="No page-speed reports in this range."
      rows={s.webVitals}
      rowKey={(row, i) => `${i}:${row.template}`}
      value={vitalsValue}
      columns={[
        { key: 'template', header: 'Page template', primary: true, cell: (row) => row.template },
        { key: 'samples', header: 'Loads', cell: (row) => count(row.samples) },
        ...VITALS.map((v) => ({
          key: v.key,
          header: v.label,
          cell: (row: VitalsRow) => <VitalCell row={row} vital={v.key} />,
        })),
      ]}
    />
  );
}
