import { isDonationFrequency } from '@store/commerce';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { selectRows } from '../../db/rows';
import { donationSettings, donations, orders, websites } from '../../db/schema/index';
import { enqueueEmail } from '../email/email-outbox';
import { findCampaign } from './campaigns';
import { DONATION_SKU_PREFIX, donationSku } from './donation-product';
import { donationReceiptMail } from './receipt-mail';
import { DONATION_CAMPAIGN_FIELD, DONATION_FREQUENCY_FIELD } from './start-donation';

export interface PaidLine {
  itemId: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  additionalFields: unknown;
}

type DonationOrder = {
  id: string;
  websiteId: string;
  email: string;
  currency: string;
  orderNumber: number;
  testMode: boolean;
  createdAt: Date;
};

/** The campaign and frequency a line carries, when it is a donation line (its sku matches its price). */
export function donationOfLine(
  line: PaidLine,
): { campaignId: string; frequency: 'once' | 'monthly' | 'yearly' } | null {
  if (!line.sku.startsWith(DONATION_SKU_PREFIX) || line.sku !== donationSku(line.unitPriceCents)) return null;
  const fields = line.additionalFields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return null;
  const campaignId = (fields as Record<string, unknown>)[DONATION_CAMPAIGN_FIELD];
  const frequency = (fields as Record<string, unknown>)[DONATION_FREQUENCY_FIELD];
  if (typeof campaignId !== 'string' || campaignId.length === 0 || campaignId.length > 64) return null;
  return { campaignId, frequency: isDonationFrequency(frequency) ? frequency : 'once' };
}

/** The organisation's name on receipts (else the site's title) and the owner's receipt wording. */
export async function receiptSettingsOf(db: Database | Tx, websiteId: string) {
  const [site] = await db
    .select({ title: websites.siteTitle, timeZone: websites.timeZone, currency: websites.currency })
    .from(websites)
    .where(eq(websites.id, websiteId));
  const [settings] = await db
    .select()
    .from(donationSettings)
    .where(eq(donationSettings.websiteId, websiteId));
  return {
    organisationName: settings?.organisationName || site?.title || '',
    savedOrganisationName: settings?.organisationName ?? '',
    receiptNote: settings?.receiptNote ?? '',
    timeZone: site?.timeZone ?? 'UTC',
    currency: site?.currency ?? 'USD',
  };
}

async function recordOne(
  tx: Tx,
  order: DonationOrder,
  line: PaidLine,
  donation: { campaignId: string; frequency: 'once' | 'monthly' | 'yearly' },
  extra: { subscriptionId: string | null; renewal: boolean; campaignTitle?: string },
): Promise<boolean> {
  const settings = await receiptSettingsOf(tx, order.websiteId);
  const campaignTitle =
    extra.campaignTitle ??
    (await findCampaign(tx, { id: order.websiteId, currency: order.currency }, donation.campaignId))?.title ??
    '';
  const amountMinor = line.unitPriceCents * line.quantity;
  // A settle run twice (request and webhook) finds the row: no second row, no second receipt.
  const inserted = await tx
    .insert(donations)
    .values({
      websiteId: order.websiteId,
      orderId: order.id,
      campaignId: donation.campaignId,
      campaignTitle,
      amountMinor,
      currency: order.currency,
      frequency: donation.frequency,
      subscriptionId: extra.subscriptionId,
      renewal: extra.renewal,
      donorEmail: order.email,
      testMode: order.testMode,
    })
    .onConflictDoNothing()
    .returning({ id: donations.id });
  if (inserted.length === 0) return false;
  const mail = donationReceiptMail({
    organisationName: settings.organisationName,
    receiptNote: settings.receiptNote,
    amountMinor,
    currency: order.currency,
    frequency: donation.frequency,
    renewal: extra.renewal,
    orderNumber: order.orderNumber,
    donorEmail: order.email,
    paidAt: order.createdAt,
    timeZone: settings.timeZone,
    campaignTitle,
  });
  await enqueueEmail(tx, { websiteId: order.websiteId, kind: 'donation-receipt', to: order.email, ...mail });
  return true;
}

/**
 * Inside the transaction that writes a paid (or authorised) order: each donation line becomes
 * a donation of that order, with the donor's receipt queued with it. Lines that are not
 * donations are left alone. Answers how many were recorded now.
 */
export async function recordDonationsOfOrder(
  tx: Tx,
  order: DonationOrder,
  lines: readonly PaidLine[],
): Promise<number> {
  let recorded = 0;
  for (const line of lines) {
    const donation = donationOfLine(line);
    if (donation && (await recordOne(tx, order, line, donation, { subscriptionId: null, renewal: false })))
      recorded++;
  }
  return recorded;
}

/**
 * A recurring donation was charged again (the renewals engine, in its transaction): the
 * renewal's order is recorded as a donation of the same campaign, with its receipt. The first
 * order's donation is linked to the subscription on the way.
 */
export async function recordRenewalDonation(
  tx: Tx,
  input: { websiteId: string; subscriptionId: string; orderId: string },
): Promise<void> {
  const [sub] = await selectRows<Record<string, unknown>>(
    tx,
    sql`select s.first_order_id, s.unit_price_cents, s.quantity, s.sku, s.item_id
        from subscriptions s where s.id = ${input.subscriptionId} and s.website_id = ${input.websiteId} and s.kind = 'donation'`,
  );
  if (!sub) return;
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.websiteId, input.websiteId)));
  if (!order) return;
  const firstOrderId = typeof sub.first_order_id === 'string' ? sub.first_order_id : null;
  const [first] = firstOrderId
    ? await tx
        .select()
        .from(donations)
        .where(and(eq(donations.orderId, firstOrderId), eq(donations.websiteId, input.websiteId)))
    : [];
  if (!first) return;
  if (!first.subscriptionId)
    await tx
      .update(donations)
      .set({ subscriptionId: input.subscriptionId })
      .where(eq(donations.id, first.id));
  const unit = Number(sub.unit_price_cents);
  await recordOne(
    tx,
    order,
    {
      itemId: String(sub.item_id),
      sku: String(sub.sku),
      quantity: Number(sub.quantity) || 1,
      unitPriceCents: unit,
      additionalFields: null,
    },
    { campaignId: first.campaignId, frequency: first.frequency },
    { subscriptionId: input.subscriptionId, renewal: true, campaignTitle: first.campaignTitle },
  );
}

/** Is every line of this order a donation? (Its confirmation is the thank-you page, 204.) */
export function isDonationOnly(lines: readonly PaidLine[]): boolean {
  return lines.length > 0 && lines.every((l) => donationOfLine(l) !== null);
}

/** The donor's thank-you page (204), readable with the order's token. */
export const donationThanksPath = (order: { id: string }, token: string) =>
  `/donate/thank-you?orderId=${encodeURIComponent(order.id)}&token=${encodeURIComponent(token)}`;
