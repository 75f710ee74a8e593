import type { ReactNode } from 'react';
import { type Summary, type VitalName, count, money, ratingLabels, vitalText } from './analytics-api';

/** A titled table, or a quiet line when it has no rows. */
function Table(props: { title: string; empty: string; head: string[]; rows: ReactNode[][]; label: string }) {
  return (
    <section className="analytics__card" aria-label={props.label}>
      <h2>{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className="analytics__none">{props.empty}</p>
      ) : (
        <table className="analytics__table">
          <thead>
            <tr>
              {props.head.map((h, i) => (
                <th key={h} className={i > 0 ? 'num' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((cells, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed ranking for one answer.
              <tr key={r}>
                {cells.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed.
                  <td key={i} className={i > 0 ? 'num' : undefined}>
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
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
      head={['Page', 'Page views', 'Unique visitors']}
      rows={s.topPages.map((p) => [p.path ?? '(unknown)', count(p.pageViews), count(p.uniqueVisitors)])}
    />
  );
}

export function Referrers({ s }: { s: Summary }) {
  return (
    <Table
      title="Referrers"
      label="Referrers"
      empty="No visits came from another site in this range."
      head={['Site', 'Visits']}
      rows={s.referrers.map((r) => [r.referrer, count(r.visits)])}
    />
  );
}

export function Revenue({ s }: { s: Summary }) {
  return (
    <Table
      title={s.testMode && s.revenue.length > 0 ? 'Revenue (test-mode orders)' : 'Revenue'}
      label="Revenue"
      empty="No orders in this range."
      head={['Currency', 'Orders', 'Revenue']}
      rows={s.revenue.map((r) => [
        <>
          {r.currency}
          {r.testMode && <span className="analytics__badge">Test mode</span>}
        </>,
        count(r.orders),
        money(r.grandTotalCents, r.currency),
      ])}
    />
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function JavascriptErrors({ s }: { s: Summary }) {
  return (
    <Table
      title="JavaScript errors"
      label="JavaScript errors"
      empty="No errors reported in this range."
      head={['Message', 'Count', 'Last seen']}
      rows={s.javascriptErrors.map((e) => [
        <code key="m">{e.message}</code>,
        count(e.count),
        when(e.lastSeen),
      ])}
    />
  );
}

const VITALS: { key: VitalName; label: string }[] = [
  { key: 'fcp', label: 'FCP' },
  { key: 'lcp', label: 'LCP' },
  { key: 'fid', label: 'FID' },
  { key: 'cls', label: 'CLS' },
];

/** p75 per page template, each cell coloured by its spec §9 rating (and named, not colour alone). */
export function WebVitals({ s }: { s: Summary }) {
  return (
    <Table
      title="Web Vitals (75th percentile)"
      label="Web Vitals"
      empty="No page-speed reports in this range."
      head={['Page template', 'Loads', ...VITALS.map((v) => v.label)]}
      rows={s.webVitals.map((row) => [
        row.template,
        count(row.samples),
        ...VITALS.map((v) => {
          const m = row[v.key];
          if (!m)
            return (
              <span key={v.key} className="analytics__none">
                —
              </span>
            );
          return (
            <span
              key={v.key}
              className={`vital vital--${m.rating}`}
              title={ratingLabels[m.rating]}
              data-rating={m.rating}
            >
              {vitalText(v.key, m.p75)}
              <small>{ratingLabels[m.rating]}</small>
            </span>
          );
        }),
      ])}
    />
  );
}
