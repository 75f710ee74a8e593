import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows, theRow } from '../../db/rows';
import type { DayRange } from './date-range';

export type Row = Record<string, unknown>;
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export function rows(db: Database, query: SQL): Promise<Row[]> {
  return selectRows<Row>(db, query);
}

/** `column` within the range's days, midnight to midnight in the site's time zone. */
export function withinDays(column: SQL, range: DayRange): SQL {
  return sql`${column} >= (${range.from}::date::timestamp at time zone ${range.timeZone})
    and ${column} < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`;
}

/** A visit is one (visitor id, visit count) pair of the ss_cvr record. */
const VISIT = sql.raw(`(visitor_id || ':' || visit_number)`);

/** Visits, unique visitors and page views: totals, per day (site time zone), top pages, referrers. */
export async function visitNumbers(db: Database, websiteId: string, range: DayRange) {
  const pageViews = sql`website_id = ${websiteId} and kind = 'census' and name = 'page_view' and ${withinDays(sql`received_at`, range)}`;
  const totals = theRow(
    await rows(
      db,
      sql`select count(*) as page_views, count(distinct visitor_id) as unique_visitors,
          count(distinct ${VISIT}) as visits
        from tracking_events where ${pageViews}`,
    ),
    'page view totals',
  );
  const daily = await rows(
    db,
    sql`select to_char((received_at at time zone ${range.timeZone})::date, 'YYYY-MM-DD') as day,
          count(*) as page_views, count(distinct visitor_id) as unique_visitors,
          count(distinct ${VISIT}) as visits
        from tracking_events where ${pageViews} group by 1 order by 1`,
  );
  const topPages = await rows(
    db,
    sql`select page_path, count(*) as page_views, count(distinct visitor_id) as unique_visitors
        from tracking_events where ${pageViews}
        group by page_path order by page_views desc, page_path limit 10`,
  );
  // The runtime sends `referrer` (another site's host) on a visit's landing hit only.
  const referrers = await rows(
    db,
    // The value is visitor-supplied: capped to a host name's length.
    sql`select left(data->>'referrer', 255) as referrer, count(distinct ${VISIT}) as visits
        from tracking_events where ${pageViews} and coalesce(data->>'referrer', '') <> ''
        group by 1 order by visits desc, referrer limit 10`,
  );
  return {
    visits: num(totals.visits),
    uniqueVisitors: num(totals.unique_visitors),
    pageViews: num(totals.page_views),
    daily: new Map(
      daily.map((d) => [
        String(d.day),
        { visits: num(d.visits), uniqueVisitors: num(d.unique_visitors), pageViews: num(d.page_views) },
      ]),
    ),
    topPages: topPages.map((p) => ({
      path: p.page_path === null ? null : String(p.page_path),
      pageViews: num(p.page_views),
      uniqueVisitors: num(p.unique_visitors),
    })),
    referrers: referrers.map((r) => ({ referrer: String(r.referrer), visits: num(r.visits) })),
  };
}

/**
 * The shopping funnel in visits: a product page seen (the server derives commerce_item_viewed
 * from a product page's view hit), something added to the cart, the checkout page reached.
 */
export async function funnelVisits(db: Database, websiteId: string, range: DayRange) {
  const row = theRow(
    await rows(
      db,
      sql`select
          count(distinct ${VISIT}) filter (where name = 'commerce_item_viewed') as product_views,
          count(distinct ${VISIT}) filter (where kind = 'clanker' and name = 'add_to_cart') as add_visits,
          count(*) filter (where kind = 'clanker' and name = 'add_to_cart') as add_events,
          count(distinct ${VISIT}) filter (where kind = 'census' and name = 'page_view' and page_type = 201) as checkouts
        from tracking_events
        where website_id = ${websiteId} and ${withinDays(sql`received_at`, range)}
          and (name in ('commerce_item_viewed', 'add_to_cart') or (kind = 'census' and name = 'page_view' and page_type = 201))`,
    ),
    'funnel',
  );
  return {
    productViews: num(row.product_views),
    addVisits: num(row.add_visits),
    addEvents: num(row.add_events),
    checkouts: num(row.checkouts),
  };
}
