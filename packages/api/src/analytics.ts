import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
const rating = z.enum(['good', 'needs-improvement', 'poor']);
const vital = z.object({ p75: z.number(), rating }).nullable();
const count = z.number().int();

/** The owner's numbers (studio "Analytics"). Days are the site's time zone's calendar days. */
export const analyticsRoutes = {
  'GET /api/analytics/summary': {
    summary: 'Owner: visits, funnel, revenue, errors and Web Vitals for a range of days (site time zone)',
    querystring: z.object({
      from: day.optional(),
      to: day.optional(),
      /** Instead of `from`: this many days ending `to` (the studio's 7 / 30 / 90 day presets). */
      days: z.coerce.number().int().min(1).max(366).optional(),
    }),
    response: z.object({
      range: z.object({ from: day, to: day, timeZone: z.string() }),
      visits: count,
      uniqueVisitors: count,
      pageViews: count,
      /** One entry per day of the range, zeros included, oldest first. */
      daily: z.array(z.object({ date: day, visits: count, uniqueVisitors: count, pageViews: count })),
      topPages: z.array(z.object({ path: z.string().nullable(), pageViews: count, uniqueVisitors: count })),
      /** Visits that arrived from another site, by its host. */
      referrers: z.array(z.object({ referrer: z.string(), visits: count })),
      addToCart: z.object({ events: count, visits: count, rate: z.number() }),
      /** Visits reaching each step; the last step counts orders. */
      funnel: z.array(
        z.object({ step: z.enum(['product-views', 'add-to-cart', 'checkout', 'orders']), count }),
      ),
      /** true: the order and revenue figures are test-mode orders (no live payment yet). */
      testMode: z.boolean(),
      checkout: z.object({ orders: count, conversion: z.number() }),
      revenue: z.array(
        z.object({ currency: z.string(), orders: count, grandTotalCents: count, testMode: z.boolean() }),
      ),
      /** Donations in the range, apart from sales (revenue leaves them out). */
      donations: z
        .array(z.object({ currency: z.string(), totalMinor: count, count, recurringDonors: count }))
        .default([]),
      javascriptErrors: z.array(z.object({ message: z.string(), count, lastSeen: z.string() })),
      webVitals: z.array(
        z.object({
          pageType: z.number().int().nullable(),
          template: z.string(),
          samples: count,
          fcp: vital,
          lcp: vital,
          fid: vital,
          inp: vital,
          cls: vital,
        }),
      ),
    }),
  },
} as const;
