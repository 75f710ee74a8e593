import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/rows';
import { campaignRecipients, campaigns, emailOutbox } from '../../db/schema/index';
import { mailLookOf } from '../email/mail-look';
import { productCards } from './campaign-store';
import { clickToken, linkSigner, openToken } from './links';
import { renderCampaign } from './render';
import { startDueCampaigns } from './start';

/** How long a claim holds its recipients; a crashed worker's claim is taken again after it. */
export const LEASE_MS = 60_000;
/** Most recipients one claim takes (the site's rate per minute may allow fewer). */
export const CLAIM_MAX = 200;

export interface Claimed {
  id: string;
  campaign_id: string;
  email: string;
}

/**
 * Claim pending recipients of one site's sending campaigns: UPDATE … RETURNING over rows picked
 * FOR UPDATE SKIP LOCKED, marking them with a lease (until, and a token naming this claim). The
 * site's settings row is locked for the statement's short transaction, so claims of one site
 * happen one after another and together never pass its rate: recipients queued in the last
 * minute and those under a live lease count against it. At most a thirtieth of the rate per
 * claim, so a worker that runs every two seconds spreads the minute's mail over the minute.
 */
export async function claimRecipients(
  db: Database,
  websiteId: string,
  now: Date,
  max = CLAIM_MAX,
): Promise<{ owner: string; rows: Claimed[] }> {
  const owner = randomUUID();
  const at = now.toISOString();
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into campaign_settings (website_id) values (${websiteId}) on conflict do nothing`,
    );
    const [settings] = await selectRows<{ rate: number }>(
      tx,
      sql`select rate_per_minute as rate from campaign_settings where website_id = ${websiteId} for update`,
    );
    const rate = Number(settings?.rate ?? 600);
    const [used] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from campaign_recipients
          where website_id = ${websiteId}
            and (queued_at > ${at}::timestamptz - interval '1 minute'
              or (state = 'pending' and lease_until > ${at}::timestamptz))`,
    );
    const allowance = Math.min(max, rate - Number(used?.n ?? 0), Math.ceil(rate / 30));
    if (allowance <= 0) return [];
    return selectRows<Claimed>(
      tx,
      sql`update campaign_recipients set lease_until = ${at}::timestamptz + ${`${LEASE_MS} milliseconds`}::interval,
            lease_owner = ${owner}
          where id in (
            select r.id from campaign_recipients r
            join campaigns c on c.id = r.campaign_id and c.status = 'sending'
            where r.website_id = ${websiteId} and r.state = 'pending'
              and (r.lease_until is null or r.lease_until <= ${at}::timestamptz)
            order by c.started_at, r.id
            limit ${allowance}
            for update of r skip locked)
          returning id, campaign_id, email`,
    );
  });
  return { owner, rows };
}

interface Prepared {
  id: string;
  mail: typeof emailOutbox.$inferInsert;
}

/** Each claimed recipient's mail, made outside any transaction (reads only). */
async function prepare(db: Database, websiteId: string, rows: readonly Claimed[]): Promise<Prepared[]> {
  const look = await mailLookOf(db, websiteId);
  if (!look) return [];
  const ids = [...new Set(rows.map((r) => r.campaign_id))];
  const chosen = await db.select().from(campaigns).where(inArray(campaigns.id, ids));
  const sign = await linkSigner(db);
  const out: Prepared[] = [];
  for (const campaign of chosen) {
    const mine = rows.filter((r) => r.campaign_id === campaign.id);
    const tokens = await selectRows<{ email: string; token: string }>(
      db,
      sql`select distinct on (m.email) m.email, m.unsubscribe_token as token from list_members m
          where m.website_id = ${websiteId} and m.status = 'subscribed'
            and m.email in (select jsonb_array_elements_text(${JSON.stringify(mine.map((r) => r.email))}::jsonb))
            and m.list_id in (select jsonb_array_elements_text(${JSON.stringify(campaign.listIds)}::jsonb))
          order by m.email, m.created_at`,
    );
    const tokenOf = new Map(tokens.map((t) => [t.email, t.token]));
    const productIds = campaign.blocks.flatMap((b) => (b.type === 'product' ? [b.productId] : []));
    const content = {
      subject: campaign.subject,
      preheader: campaign.preheader,
      blocks: campaign.blocks,
      products: await productCards(db, websiteId, productIds),
    };
    for (const r of mine) {
      const token = tokenOf.get(r.email);
      if (!token) continue; // unsubscribed since the snapshot: skipped below
      const unsubscribe = `${look.origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
      const oneClick = `${look.origin}/campaign-mail/unsubscribe/${r.id}?token=${encodeURIComponent(token)}`;
      const links = {
        unsubscribe,
        open: campaign.tracking ? `${look.origin}/campaign-mail/o/${openToken(sign, r.id)}.gif` : null,
        click: (block: number, plain: string) =>
          campaign.tracking ? `${look.origin}/campaign-mail/c/${clickToken(sign, r.id, block)}` : plain,
      };
      const { html, text } = renderCampaign(look, content, links);
      out.push({
        id: r.id,
        mail: {
          id: r.id,
          websiteId,
          kind: 'campaign',
          toAddress: r.email,
          subject: campaign.subject.replace(/[\r\n]+/g, ' ').slice(0, 200),
          textBody: text,
          htmlBody: html,
          secrets: [unsubscribe, oneClick],
          headers: {
            'List-Unsubscribe': `<${oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
          fromName: campaign.fromName.replace(/[\r\n"<>]+/g, ' ').trim() || null,
        },
      });
    }
  }
  return out;
}

/**
 * Hand a claim's recipients to the outbox: in ONE transaction, each recipient still pending,
 * still under this claim and still subscribed to one of the campaign's lists turns "queued" and
 * its mail is inserted (with the recipient's id, so it can exist once); the rest of the claim
 * (unsubscribed meanwhile) turns "skipped". A claim taken over after its lease ran out matches
 * nothing here, so its recipients are queued by the claim that holds them, once.
 */
export async function queueClaimed(
  db: Database,
  websiteId: string,
  claim: { owner: string; rows: readonly Claimed[] },
  now: Date,
): Promise<{ queued: number; skipped: number }> {
  if (!claim.rows.length) return { queued: 0, skipped: 0 };
  const prepared = await prepare(db, websiteId, claim.rows);
  const byId = new Map(prepared.map((p) => [p.id, p.mail]));
  const r = campaignRecipients;
  const ours = and(
    eq(r.websiteId, websiteId),
    eq(r.state, 'pending'),
    eq(r.leaseOwner, claim.owner),
    inArray(
      r.id,
      claim.rows.map((c) => c.id),
    ),
  );
  return db.transaction(async (tx) => {
    const queued = prepared.length
      ? await tx
          .update(r)
          .set({ state: 'queued', queuedAt: now, leaseUntil: null })
          .where(
            and(
              ours,
              inArray(
                r.id,
                prepared.map((p) => p.id),
              ),
              // Qualified by hand: a column interpolated here renders unqualified, and inside the
              // subquery that name would mean list_members' own column.
              sql`exists (select 1 from list_members m
                where m.website_id = campaign_recipients.website_id and m.email = campaign_recipients.email
                  and m.status = 'subscribed'
                  and m.list_id in (select jsonb_array_elements_text(c.list_ids) from campaigns c
                    where c.id = campaign_recipients.campaign_id))`,
            ),
          )
          .returning({ id: r.id })
      : [];
    const mails = queued.flatMap((q) => {
      const mail = byId.get(q.id);
      return mail ? [mail] : [];
    });
    if (mails.length) await tx.insert(emailOutbox).values(mails);
    const skipped = await tx
      .update(r)
      .set({ state: 'skipped', leaseUntil: null })
      .where(ours)
      .returning({ id: r.id });
    return { queued: mails.length, skipped: skipped.length };
  });
}

/** Sending campaigns with no pending recipient left are sent. */
async function finishCampaigns(db: Database, now: Date) {
  await db
    .update(campaigns)
    .set({ status: 'sent', finishedAt: now })
    .where(
      and(
        eq(campaigns.status, 'sending'),
        sql`not exists (select 1 from campaign_recipients r where r.campaign_id = campaigns.id and r.state = 'pending')`,
      ),
    );
}

/**
 * One round of the campaign worker: start campaigns whose time has come, then for each site
 * with a campaign sending, claim what its rate allows and queue it. Safe to run in several
 * processes at once and after any crash. Returns how many mails were queued.
 */
export async function sendCampaignBatch(db: Database, now = new Date()): Promise<number> {
  await startDueCampaigns(db, now);
  const sites = await db
    .selectDistinct({ websiteId: campaigns.websiteId })
    .from(campaigns)
    .where(eq(campaigns.status, 'sending'));
  let queued = 0;
  for (const { websiteId } of sites) {
    const claim = await claimRecipients(db, websiteId, now);
    queued += (await queueClaimed(db, websiteId, claim, now)).queued;
  }
  await finishCampaigns(db, now);
  return queued;
}
