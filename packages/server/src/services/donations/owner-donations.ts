import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/rows';
import { donationSettings, donations, orders } from '../../db/schema/index';
import { receiptSettingsOf } from './record-donations';

/** The owner's donation figures: apart from sales, per currency. */
export interface DonationTotals {
  currency: string;
  totalMinor: number;
  count: number;
  recurringDonors: number;
}

/**
 * Donation totals of the site (live donations, or test-mode ones while the store has never
 * taken a live payment, as the sales figures do), optionally within [from, to).
 */
export async function donationTotals(
  db: Database,
  websiteId: string,
  options: { testMode?: boolean; from?: Date; to?: Date } = {},
): Promise<DonationTotals[]> {
  const mode = options.testMode === undefined ? sql`true` : sql`d.test_mode = ${options.testMode}`;
  const from = options.from ? sql`d.created_at >= ${options.from.toISOString()}::timestamptz` : sql`true`;
  const to = options.to ? sql`d.created_at < ${options.to.toISOString()}::timestamptz` : sql`true`;
  const rows = await selectRows<{ currency: string; total: string; count: string; recurring: string }>(
    db,
    sql`select d.currency, coalesce(sum(d.amount_minor), 0) as total, count(*) as count,
          count(distinct lower(d.donor_email)) filter (where d.frequency <> 'once') as recurring
        from donations d join orders o on o.id = d.order_id
        where d.website_id = ${websiteId} and o.status <> 'CANCELED' and ${mode} and ${from} and ${to}
        group by d.currency order by d.currency`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    totalMinor: Number(r.total),
    count: Number(r.count),
    recurringDonors: Number(r.recurring),
  }));
}

export interface DonationListEntry {
  id: string;
  orderId: string;
  orderNumber: number;
  amountMinor: number;
  currency: string;
  frequency: 'once' | 'monthly' | 'yearly';
  renewal: boolean;
  campaignId: string;
  campaignTitle: string;
  donorEmail: string;
  testMode: boolean;
  createdAt: string;
}

/** The site's donations, newest first, a page at a time (`before`: the last one's id). */
export async function listDonations(
  db: Database,
  websiteId: string,
  options: { limit?: number; before?: string } = {},
): Promise<DonationListEntry[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  let beforeAt: Date | undefined;
  if (options.before) {
    const [row] = await db
      .select({ at: donations.createdAt })
      .from(donations)
      .where(and(eq(donations.id, options.before), eq(donations.websiteId, websiteId)));
    beforeAt = row?.at;
  }
  const rows = await db
    .select({ d: donations, orderNumber: orders.orderNumber })
    .from(donations)
    .innerJoin(orders, eq(orders.id, donations.orderId))
    .where(and(eq(donations.websiteId, websiteId), beforeAt ? lt(donations.createdAt, beforeAt) : undefined))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit);
  return rows.map(({ d, orderNumber }) => ({
    id: d.id,
    orderId: d.orderId,
    orderNumber,
    amountMinor: d.amountMinor,
    currency: d.currency,
    frequency: d.frequency,
    renewal: d.renewal,
    campaignId: d.campaignId,
    campaignTitle: d.campaignTitle,
    donorEmail: d.donorEmail,
    testMode: d.testMode,
    createdAt: d.createdAt.toISOString(),
  }));
}

/** The receipt settings as the studio edits them, with the site's currency (amount fields). */
export async function donationSettingsView(db: Database, websiteId: string) {
  const s = await receiptSettingsOf(db, websiteId);
  return {
    organisationName: s.savedOrganisationName,
    organisationNameShown: s.organisationName,
    receiptNote: s.receiptNote,
    currency: s.currency,
  };
}

export async function saveDonationSettings(
  db: Database,
  websiteId: string,
  input: { organisationName: string; receiptNote: string },
) {
  const values = {
    organisationName: input.organisationName.trim(),
    receiptNote: input.receiptNote.trim(),
    updatedAt: new Date(),
  };
  await db
    .insert(donationSettings)
    .values({ websiteId, ...values })
    .onConflictDoUpdate({ target: donationSettings.websiteId, set: values });
  return donationSettingsView(db, websiteId);
}

/** What the donor's thank-you page (204) shows of their order's donations (read with its token). */
export async function donationsOfOrder(db: Database, websiteId: string, orderId: string, token: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId)));
  if (!order || order.accessToken !== token) return null;
  const rows = await db
    .select()
    .from(donations)
    .where(and(eq(donations.orderId, order.id), eq(donations.websiteId, websiteId)));
  const settings = await receiptSettingsOf(db, websiteId);
  return { order, donations: rows, settings };
}
