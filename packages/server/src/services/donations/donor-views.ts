import { timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { donations, orders } from '../../db/schema/index';
import { selectRows } from '../../db/rows';
import type { Outcome } from '../../reasons';
import type { SiteRecord } from '../site.service';
import { findCampaign } from './campaigns';
import { receiptSettingsOf } from './record-donations';
import { donationDate } from './receipt-mail';
import { donationTotals, listDonations } from './owner-donations';

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export interface PublicCampaign {
  id: string;
  title: string;
  text: string;
  buttonText: string;
  currency: string;
  suggestedAmounts: number[];
  allowCustom: boolean;
  minMinor: number;
  maxMinor: number;
  frequencies: ('once' | 'monthly' | 'yearly')[];
}

/** A published donation form as the island draws it. */
export async function publicCampaign(
  db: Database,
  site: SiteRecord,
  campaignId: string,
): Promise<Outcome<PublicCampaign>> {
  const campaign = await findCampaign(db, site, campaignId);
  if (!campaign) return { ok: false, reason: 'DONATION_CAMPAIGN_NOT_FOUND' };
  return {
    ok: true,
    value: {
      id: campaign.id,
      title: campaign.title,
      text: campaign.text,
      buttonText: campaign.buttonText,
      currency: campaign.limits.currency,
      suggestedAmounts: [...campaign.limits.suggestedAmounts],
      allowCustom: campaign.limits.allowCustom,
      minMinor: campaign.limits.minMinor,
      maxMinor: campaign.limits.maxMinor,
      frequencies: campaign.frequencies,
    },
  };
}

/** The thank-you page's summary of an order's donations (204), with the order's token. */
export async function thankYouOf(db: Database, site: SiteRecord, orderId: string, token: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, site.id)));
  if (!order || !sameToken(order.accessToken, token))
    return { ok: false, reason: 'DONATION_NOT_FOUND' } as const;
  const rows = await db
    .select()
    .from(donations)
    .where(and(eq(donations.orderId, order.id), eq(donations.websiteId, site.id)));
  if (rows.length === 0) return { ok: false, reason: 'DONATION_NOT_FOUND' } as const;
  const settings = await receiptSettingsOf(db, site.id);
  const paidAt = order.paidAt ?? order.createdAt;
  return {
    ok: true,
    value: {
      orderNumber: order.orderNumber,
      email: order.email,
      organisationName: settings.organisationName,
      paidAt: paidAt.toISOString(),
      date: donationDate(paidAt, settings.timeZone),
      totalMinor: rows.reduce((n, r) => n + r.amountMinor, 0),
      currency: order.currency,
      donations: rows.map((r) => ({
        amountMinor: r.amountMinor,
        frequency: r.frequency,
        campaignTitle: r.campaignTitle,
        renewal: r.renewal,
      })),
    },
  } as const;
}

/** The owner's donations screen: the list and the totals (live, or test mode until a live payment). */
export async function ownerDonations(
  db: Database,
  websiteId: string,
  query: { before?: string; limit?: number },
): Promise<
  Outcome<{
    testMode: boolean;
    totals: Awaited<ReturnType<typeof donationTotals>>;
    donations: Awaited<ReturnType<typeof listDonations>>;
  }>
> {
  const [live] = await selectRows<{ live: boolean }>(
    db,
    sql`select exists (select 1 from orders where website_id = ${websiteId} and test_mode = false) as live`,
  );
  const testMode = live?.live !== true;
  return {
    ok: true,
    value: {
      testMode,
      totals: await donationTotals(db, websiteId, { testMode }),
      donations: await listDonations(db, websiteId, query),
    },
  };
}

/** Is this order (of this site) a donation's? The confirmation link goes to 204 for those. */
export async function isDonationOrder(db: Database, websiteId: string, orderId: string): Promise<boolean> {
  const rows = await selectRows<{ one: number }>(
    db,
    sql`select 1 as one from donations where website_id = ${websiteId} and order_id = ${orderId} limit 1`,
  );
  return rows.length > 0;
}
