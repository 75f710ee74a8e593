import { useState } from 'react';
import { useApiQuery } from '../data/api-query';
import { type RangeChoice, type Summary, count, isEmpty, percent } from './analytics-api';
import { Donations, JavascriptErrors, Referrers, Revenue, TopPages, WebVitals } from './analytics-tables';
import { FunnelChart } from './funnel-chart';
import { RangePicker } from './range-picker';
import { VisitsChart } from './visits-chart';
import './analytics.css';

/**
 * Analytics → Overview: the owner's numbers for a range of the site's calendar days, as
 * charts (uPlot, in this screen's chunk only) and tables. Visits by the owner and
 * contributors are not in them (spec §6).
 */
export function AnalyticsScreen(_props: { rest: string[] }) {
  const [range, setRange] = useState<RangeChoice>({ days: 30 });
  // The last range's numbers stay on screen ("Updating…") while the new range's are on their way.
  const answer = useApiQuery('GET /api/analytics/summary', { query: range }, { keepPrevious: true });
  const summary = answer.data ?? null;
  const loading = answer.isFetching;
  const error = answer.errorText;

  return (
    <div className="analytics" aria-busy={loading}>
      <header className="analytics__head">
        <h1>Analytics</h1>
        <RangePicker value={range} shown={summary?.range} onChange={setRange} />
      </header>
      {summary && (
        <p className="analytics__period">
          {summary.range.from} – {summary.range.to} ({summary.range.timeZone})
          {loading && <span className="analytics__updating"> Updating…</span>}
        </p>
      )}
      {error && (
        <p className="analytics__error" role="alert">
          {error}
        </p>
      )}
      {!summary && loading && <p className="loading">Loading your numbers…</p>}
      {summary && <Report s={summary} />}
    </div>
  );
}

function Report({ s }: { s: Summary }) {
  return (
    <>
      {isEmpty(s) && (
        <p className="analytics__empty">
          No visits in this range yet. Numbers appear here once visitors open your site (your own visits are
          not counted).
        </p>
      )}
      <dl className="analytics__totals">
        <Total label="Visits" value={count(s.visits)} />
        <Total label="Unique visitors" value={count(s.uniqueVisitors)} />
        <Total label="Page views" value={count(s.pageViews)} />
        <Total label="Add-to-cart rate" value={percent(s.addToCart.rate)} />
        <Total label="Checkout conversion" value={percent(s.checkout.conversion)} />
      </dl>
      <section className="analytics__card" aria-label="Visits over time">
        <h2>Visits over time</h2>
        <VisitsChart daily={s.daily} />
      </section>
      <div className="analytics__grid">
        <TopPages s={s} />
        <Referrers s={s} />
      </div>
      <div className="analytics__grid">
        <section className="analytics__card" aria-label="Shopping funnel">
          <h2>Shopping funnel (visits)</h2>
          <FunnelChart funnel={s.funnel} />
        </section>
        <Revenue s={s} />
        <Donations s={s} />
      </div>
      <WebVitals s={s} />
      <JavascriptErrors s={s} />
    </>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="analytics__total" data-total={label}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
