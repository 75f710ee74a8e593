import type { CampaignView } from '@store/api';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { campaigns } from '../../db/schema/index';

type Numbers = CampaignView['numbers'];

/**
 * A campaign's numbers, each counted once per recipient: delivered and bounced from the
 * recipient's outbox mail (same id), opens and clicks from the recipient's first open and click
 * (only when tracking was on), unsubscribed from the one-click link or the unsubscribe page
 * (a member of the campaign's lists who unsubscribed after this mail and before any later
 * campaign mail to them).
 */
export async function campaignNumbers(
  db: Database,
  campaign: Pick<typeof campaigns.$inferSelect, 'id' | 'status' | 'tracking' | 'listIds'>,
): Promise<Numbers> {
  const empty: Numbers = {
    recipients: 0,
    queued: 0,
    delivered: 0,
    bounced: 0,
    opened: campaign.tracking ? 0 : null,
    clicked: campaign.tracking ? 0 : null,
    unsubscribed: 0,
    skipped: 0,
  };
  if (campaign.status === 'draft' || campaign.status === 'scheduled') return empty;
  const lists = JSON.stringify(campaign.listIds);
  const [row] = await selectRows<Record<string, number | string>>(
    db,
    sql`
    select count(*)::int as recipients,
      count(*) filter (where r.state = 'queued')::int as queued,
      count(*) filter (where r.state = 'skipped')::int as skipped,
      count(*) filter (where o.status = 'SENT')::int as delivered,
      count(*) filter (where o.status = 'FAILED')::int as bounced,
      count(r.opened_at)::int as opened,
      count(r.clicked_at)::int as clicked,
      count(*) filter (where r.unsubscribed_at is not null or (r.queued_at is not null and exists (
        select 1 from list_members m
        where m.website_id = r.website_id and m.email = r.email and m.status = 'unsubscribed'
          and m.list_id in (select jsonb_array_elements_text(${lists}::jsonb))
          and m.unsubscribed_at >= r.queued_at
          and not exists (
            select 1 from campaign_recipients later
            where later.website_id = r.website_id and later.email = r.email
              and later.queued_at > r.queued_at and later.queued_at <= m.unsubscribed_at))))::int as unsubscribed
    from campaign_recipients r
    left join email_outbox o on o.id = r.id
    where r.campaign_id = ${campaign.id}`,
  );
  if (!row) return empty;
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    recipients: n('recipients'),
    queued: n('queued'),
    delivered: n('delivered'),
    bounced: n('bounced'),
    opened: campaign.tracking ? n('opened') : null,
    clicked: campaign.tracking ? n('clicked') : null,
    unsubscribed: n('unsubscribed'),
    skipped: n('skipped'),
  };
}
