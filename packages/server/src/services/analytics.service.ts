import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { theRow } from '../db/rows';
import { type Vital, type VitalRating, pageTemplateName, rateVital } from './analytics-vitals';
import { type DayRange, daysOf } from './analytics/date-range';
import { funnelVisits, num, rows, visitNumbers, withinDays } from './analytics/visit-queries';

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/**
 * The owner's numbers for a range of calendar days in the site's time zone (filtered on
 * server arrival time; every figure is computed by the database, no row is loaded).
 * A visit is one (visitor id, visit count) pair of the ss_cvr record; rates are shares of
 * visits. Revenue (net of refunds) counts live orders only: test-mode orders (no money
 * moved) and canceled orders are left out, unless the store has never taken a live payment:
 * then it is in test mode and its test-mode orders are counted, labelled `testMode: true`.
 */
export async function analyticsSummary(db: Database, websiteId: string, range: DayRange) {
  const inRange = sql`website_id = ${websiteId} and ${withinDays(sql`received_at`, range)}`;
  const [visits, funnel] = [
    await visitNumbers(db, websiteId, range),
    await funnelVisits(db, websiteId, range),
  ];

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
    // Sales leave donations out (their own figure below): an order's donated amount is taken
    // off its total, and an order that was only donations is no sale.
    sql`select o.currency, count(*) filter (where o.grand_total_cents > coalesce(d.given, 0)) as orders,
          coalesce(sum(greatest(o.grand_total_cents - o.refunded_cents - coalesce(d.given, 0), 0)), 0) as grand_total_cents
        from orders o
        left join (select order_id, sum(amount_minor) as given from donations
                   where website_id = ${websiteId} group by order_id) d on d.order_id = o.id
        where o.website_id = ${websiteId} and o.test_mode = ${testMode} and o.status <> 'CANCELED'
          and ${withinDays(sql`o.created_at`, range)}
        group by o.currency order by o.currency`,
  );
  const orderCount = revenue.reduce((n, r) => n + num(r.orders), 0);
  const donated = await rows(
    db,
    sql`select d.currency, coalesce(sum(d.amount_minor), 0) as total, count(*) as count,
          count(distinct lower(d.donor_email)) filter (where d.frequency <> 'once') as recurring
        from donations d join orders o on o.id = d.order_id
        where d.website_id = ${websiteId} and d.test_mode = ${testMode} and o.status <> 'CANCELED'
          and ${withinDays(sql`d.created_at`, range)}
        group by d.currency order by d.currency`,
  );

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

  const zero = { visits: 0, uniqueVisitors: 0, pageViews: 0 };
  return {
    range: { from: range.from, to: range.to, timeZone: range.timeZone },
    visits: visits.visits,
    uniqueVisitors: visits.uniqueVisitors,
    pageViews: visits.pageViews,
    daily: daysOf(range).map((date) => ({ date, ...(visits.daily.get(date) ?? zero) })),
    topPages: visits.topPages,
    referrers: visits.referrers,
    addToCart: {
      events: funnel.addEvents,
      visits: funnel.addVisits,
      rate: ratio(funnel.addVisits, visits.visits),
    },
    funnel: [
      { step: 'product-views' as const, count: funnel.productViews },
      { step: 'add-to-cart' as const, count: funnel.addVisits },
      { step: 'checkout' as const, count: funnel.checkouts },
      { step: 'orders' as const, count: orderCount },
    ],
    testMode,
    checkout: { orders: orderCount, conversion: ratio(orderCount, visits.visits) },
    revenue: revenue.map((r) => ({
      currency: String(r.currency),
      orders: num(r.orders),
      grandTotalCents: num(r.grand_total_cents),
      testMode,
    })),
    donations: donated.map((d) => ({
      currency: String(d.currency),
      totalMinor: num(d.total),
      count: num(d.count),
      recurringDonors: num(d.recurring),
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
