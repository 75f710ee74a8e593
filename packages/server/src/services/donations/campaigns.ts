import { blockTypes } from '@store/blocks';
import type { DonationFrequency, DonationLimits } from '@store/commerce';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { StoredLayout } from '../../db/schema/index';

/**
 * A donation "campaign" is a donation block (spec block 52) on one of the site's published
 * pages: its id is the block's id, its rules the block's settings. The server reads them from
 * the live layout, never from the browser, so the amount a donor gives is checked against what
 * the owner published.
 */
export interface DonationCampaign {
  id: string;
  title: string;
  text: string;
  buttonText: string;
  limits: DonationLimits;
  frequencies: DonationFrequency[];
}

const BLOCK_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The campaign of this site with this block id, from its published pages; null if none. */
export async function findCampaign(
  db: Database | Tx,
  site: { id: string; currency: string },
  campaignId: string,
): Promise<DonationCampaign | null> {
  if (!BLOCK_ID.test(campaignId)) return null;
  // Only this site's live revisions; the id is matched as a JSON string before the layout is read.
  const rows = await selectRows<{ layout: StoredLayout }>(
    db,
    sql`select r.layout from page_settings s
        join page_revisions r on r.id = s.published_revision_id and r.website_id = s.website_id
        where s.website_id = ${site.id} and strpos(r.layout::text, ${JSON.stringify(campaignId)}) > 0
        limit 20`,
  );
  for (const row of rows) {
    for (const section of row.layout?.sections ?? []) {
      for (const block of section.blocks ?? []) {
        if (block.id === campaignId && block.type === 'donation') return campaignOf(block, site.currency);
      }
    }
  }
  return null;
}

/** A donation block's settings as the rules the amount is checked against. */
export function campaignOf(
  block: { id: string; props: Record<string, unknown> },
  currency: string,
): DonationCampaign | null {
  const parsed = blockTypes.donation.props.safeParse(block.props ?? {});
  if (!parsed.success) return null;
  const p = parsed.data;
  const frequencies: DonationFrequency[] = [];
  if (p.allowOnce) frequencies.push('once');
  if (p.allowMonthly) frequencies.push('monthly');
  if (p.allowYearly) frequencies.push('yearly');
  return {
    id: block.id,
    title: p.heading,
    text: p.text,
    buttonText: p.buttonText,
    limits: {
      currency,
      suggestedAmounts: [...new Set(p.suggestedAmounts)].sort((a, b) => a - b),
      allowCustom: p.allowCustom,
      minMinor: p.minAmount,
      maxMinor: p.maxAmount,
    },
    frequencies: frequencies.length > 0 ? frequencies : ['once'],
  };
}
