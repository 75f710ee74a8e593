import { randomUUID } from 'node:crypto';
import { orders, performanceRecords, trackingEvents } from '../../src/db/schema/index';
import { DEMO_OWNER } from '../../src/services/site-users/demo-accounts';
import type { TestSite } from '../helpers/test-app';

/** The owner's session cookie value. */
export async function sessionOf(site: TestSite, creds: { email: string; password: string } = DEMO_OWNER) {
  const res = await site.request({ method: 'POST', url: '/api/site-users/account/session', payload: creds });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.cookies.find((c) => c.name === 'siteUserSession')?.value ?? '';
}

export interface Hit {
  at: string;
  visitor: string;
  visit: number;
  path: string;
  pageType?: number;
  referrer?: string;
  kind?: 'census' | 'clanker' | 'derived' | 'js_error';
  name?: string;
  message?: string;
}

/** Rows as the tracking queue writes them, at chosen arrival times (to test day buckets). */
export function insertHits(site: TestSite, hits: Hit[]) {
  return site.app.database.db.insert(trackingEvents).values(
    hits.map((h) => ({
      id: randomUUID(),
      websiteId: site.websiteId,
      kind: h.kind ?? 'census',
      name: h.name ?? 'page_view',
      visitorId: h.visitor,
      visitNumber: h.visit,
      pagePath: h.path,
      pageType: h.pageType ?? 2,
      receivedAt: new Date(h.at),
      data: {
        ...(h.referrer ? { referrer: h.referrer } : {}),
        ...(h.message ? { message: h.message } : {}),
      },
    })),
  );
}

export function insertVitals(
  site: TestSite,
  at: string,
  pageType: number,
  samples: { fcp?: number; lcp?: number; fid?: number; cls?: number }[],
) {
  return site.app.database.db.insert(performanceRecords).values(
    samples.map((s) => ({
      id: randomUUID(),
      websiteId: site.websiteId,
      pageLoadId: randomUUID(),
      event: 'page-speed',
      app: 'storefront',
      pageType,
      fcpMs: s.fcp ?? null,
      lcpMs: s.lcp ?? null,
      fidMs: s.fid ?? null,
      cls: s.cls ?? null,
      receivedAt: new Date(at),
      data: {},
    })),
  );
}

export function insertOrder(
  site: TestSite,
  o: { at: string; cents: number; currency?: string; testMode?: boolean; canceled?: boolean },
) {
  return site.app.database.db.insert(orders).values({
    websiteId: site.websiteId,
    purchasedCartId: randomUUID(),
    accessToken: randomUUID(),
    email: 'buyer@example.com',
    testMode: o.testMode ?? false,
    status: o.canceled ? 'CANCELED' : 'PENDING',
    currency: o.currency ?? 'USD',
    grandTotalCents: o.cents,
    paymentProvider: 'test',
    paymentReference: randomUUID(),
    createdAt: new Date(o.at),
  });
}

/** Linear-interpolated percentile, as PostgreSQL's percentile_cont. */
export function p75(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = 0.75 * (s.length - 1);
  const lo = Math.floor(pos);
  const low = s[lo] ?? Number.NaN;
  const high = s[Math.min(lo + 1, s.length - 1)] ?? Number.NaN;
  return low + (high - low) * (pos - lo);
}
