import {
  DONATION_FREQUENCY_LABELS,
  type DonationFrequency,
  isDonationFrequency,
  parseDonationAmount,
} from '@store/commerce';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { cartEntries } from '../../db/schema/index';
import { asOutcome, fieldRejection, type Outcome, Rejection } from '../../reasons';
import { type CartOwner, createCart, findOpenCart, touchCart } from '../cart/cart-store';
import type { SiteRecord } from '../site.service';
import { findCampaign } from './campaigns';
import { donationVariantFor } from './donation-product';

/** The additional fields a donation line carries (checked again when its order is paid). */
export const DONATION_CAMPAIGN_FIELD = 'donationCampaignId';
export const DONATION_FREQUENCY_FIELD = 'donationFrequency';

export interface DonationStart {
  campaignId: string;
  amountMinor: number;
  frequency: DonationFrequency;
  checkoutPath: string;
  /** The cart's token when this step made the visitor's cart (the route sets the cookie). */
  createdToken?: string;
}

/**
 * The donor chose an amount and how often: the amount (as typed, in major units) is checked
 * against the campaign's published settings, the site's donation product at exactly that
 * amount goes into the visitor's cart as one line for this campaign (asked again, the line is
 * replaced, never doubled), and checkout takes it from there. The browser never names a price.
 */
export async function startDonation(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  input: { campaignId: string; amount: unknown; frequency?: unknown },
): Promise<Outcome<DonationStart>> {
  return asOutcome(async () => {
    const campaign = await findCampaign(db, site, input.campaignId);
    if (!campaign) throw new Rejection('DONATION_CAMPAIGN_NOT_FOUND');
    const frequency = input.frequency ?? campaign.frequencies[0];
    if (!isDonationFrequency(frequency) || !campaign.frequencies.includes(frequency)) {
      const named = isDonationFrequency(frequency)
        ? DONATION_FREQUENCY_LABELS[frequency].toLowerCase()
        : 'so';
      throw fieldRejection('DONATION_FREQUENCY_UNAVAILABLE', 'frequency', { frequency: named });
    }
    const amount = parseDonationAmount(input.amount, campaign.limits);
    if (!amount.ok) throw fieldRejection('DONATION_AMOUNT_INVALID', 'amount', undefined, amount.message);
    return retryTransaction(db, async (tx) => {
      const product = await donationVariantFor(tx, site.id, amount.minor);
      const existing = await findOpenCart(tx, owner, true);
      const cart = existing ?? (await createCart(tx, owner));
      const fields = { [DONATION_CAMPAIGN_FIELD]: campaign.id, [DONATION_FREQUENCY_FIELD]: frequency };
      await tx
        .insert(cartEntries)
        .values({
          websiteId: site.id,
          cartId: cart.id,
          itemId: product.itemId,
          sku: product.sku,
          quantity: 1,
          additionalFields: fields,
          mergeKey: `donation:${campaign.id}`,
        })
        .onConflictDoUpdate({
          target: [cartEntries.cartId, cartEntries.mergeKey],
          set: {
            sku: product.sku,
            itemId: product.itemId,
            quantity: 1,
            additionalFields: fields,
            createdAt: sql`now()`,
          },
        });
      await touchCart(tx, cart.id);
      return {
        campaignId: campaign.id,
        amountMinor: amount.minor,
        frequency,
        checkoutPath: '/checkout',
        ...(existing ? {} : { createdToken: cart.token }),
      };
    });
  });
}
