import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { theRow } from '../db/rows';
import { type Vital, type VitalRating, pageTemplateName, rateVital } from './analytics-vitals';

export interface AnalyticsRange {
  /** Inclusive start, UTC midnight. */
  from: Date;
  /** Exclusive end, UTC midnight after the last day. */
  to: Date;
}

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

async function rows(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * The owner's numbers for a date range (days in UTC, filtered on server arrival time).
 * A visit is one (visitor id, visit count) pair of the ss_cvr record; rates are shares of
 * visits. Revenue (net of refunds) counts live orders only: test-mode orders (no money
 * moved) and canceled orders are left out, unless the store has never taken a live payment:
 * then it is in test mode and its test-mode orders are counted, with `testMode: true`.
 */
export async function analyticsSummary(db: Database, websiteId: string, range: AnalyticsRange) {
  const inRange = sql`website_id = ${websiteId} and received_at >= ${range.from.toISOString()}::timestamptz and received_at < ${range.to.toISOString()}::timestamptz`;
  const pageViewFilter = sql`${inRange} and kind = 'census' and name = 'page_view'`;

  const totals = theRow(
    await rows(
      db,
      sql`select count(*) as page_views,
          count(distinct visitor_id) as unique_visitors,
          count(distinct (visitor_id || ':' || visit_number)) as visits
        from tracking_events where ${pageViewFilter}`,
    ),
    'page view totals',
  );
  const visits = num(totals.visits);

  const daily = await rows(
    db,
    sql`select to_char(date_trunc('day', received_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
          count(*) as page_views,
          count(distinct (visitor_id || ':' || visit_number)) as visits
        from tracking_events where ${pageViewFilter} group by 1 order by 1`,
  );

  const topPages = await rows(
    db,
    sql`select page_path, count(*) as page_views, count(distinct visitor_id) as unique_visitors
        from tracking_events where ${pageViewFilter}
        group by page_path order by page_views desc, page_path limit 10`,
  );

  const adds = theRow(
    await rows(
      db,
      sql`select count(*) as events,
          count(distinct (visitor_id || ':' || visit_number)) filter (where visitor_id is not null) as visits
        from tracking_events where ${inRange} and kind = 'clanker' and name = 'add_to_cart'`,
    ),
    'add-to-cart totals',
  );

  // A store that has never taken a live payment is in test mode (the built-in provider):
  // its test-mode orders are its numbers, labelled `testMode`, instead of an empty report.
  const live = theRow(
    await rows(
      db,
      sql`select exists (select 1 from orders where website_id = ${websiteId} and test_mode = false) as live`,
    ),
    'live orders',
  );
  const testMode = live.live !== true;
  const revenue = await rows(
    db,
    sql`select currency, count(*) as orders, coalesce(sum(grand_total_cents - refunded_cents), 0) as grand_total_cents
        from orders
        where website_id = ${websiteId} and test_mode = ${testMode} and status <> 'CANCELED'
          and created_at >= ${range.from.toISOString()}::timestamptz
          and created_at < ${range.to.toISOString()}::timestamptz
        group by currency order by currency`,
  );
  const orderCount = revenue.reduce((n, r) => n + num(r.orders), 0);

  const errors = await rows(
    db,
    sql`select data->>'message' as message, count(*) as count, max(received_at) as last_seen
        from tracking_events where ${inRange} and kind = 'js_error'
        group by 1 order by count desc, message limit 20`,
  );

  const vitals = await rows(
    db,
    sql`select page_type, count(*) as samples,
          percentile_cont(0.75) within group (order by fcp_ms) as fcp,
          percentile_cont(0.75) within group (order by lcp_ms) as lcp,
          percentile_cont(0.75) within group (order by fid_ms) as fid,
          percentile_cont(0.75) within group (order by inp_ms) as inp,
          percentile_cont(0.75) within group (order by cls) as cls
        from performance_records where ${inRange} and event = 'page-speed'
        group by page_type order by page_type nulls last`,
  );

  return {
    range: {
      from: range.from.toISOString().slice(0, 10),
      to: new Date(range.to.getTime() - 1).toISOString().slice(0, 10),
    },
    visits,
    uniqueVisitors: num(totals.unique_visitors),
    pageViews: num(totals.page_views),
    daily: daily.map((d) => ({ date: String(d.day), pageViews: num(d.page_views), visits: num(d.visits) })),
    topPages: topPages.map((p) => ({
      path: p.page_path === null ? null : String(p.page_path),
      pageViews: num(p.page_views),
      uniqueVisitors: num(p.unique_visitors),
    })),
    addToCart: { events: num(adds.events), visits: num(adds.visits), rate: ratio(num(adds.visits), visits) },
    /** true: the order and revenue figures are test-mode orders (no live payment yet). */
    testMode,
    checkout: { orders: orderCount, conversion: ratio(orderCount, visits) },
    revenue: revenue.map((r) => ({
      currency: String(r.currency),
      orders: num(r.orders),
      grandTotalCents: num(r.grand_total_cents),
    })),
    javascriptErrors: errors.map((e) => ({
      message: String(e.message),
      count: num(e.count),
      lastSeen: new Date(String(e.last_seen)).toISOString(),
    })),
    webVitals: vitals.map((v) => {
      const pageType = v.page_type === null ? null : num(v.page_type);
      const metric = (vital: Vital) => {
        if (v[vital] === null || v[vital] === undefined) return null;
        const p75 = Number(v[vital]);
        return { p75, rating: rateVital(vital, p75) as VitalRating };
      };
      return {
        pageType,
        template: pageTemplateName(pageType),
        samples: num(v.samples),
        fcp: metric('fcp'),
        lcp: metric('lcp'),
        fid: metric('fid'),
        inp: metric('inp'),
        cls: metric('cls'),
      };
    }),
  };
}

export type AnalyticsSummary = Awaited<ReturnType<typeof analyticsSummary>>;
