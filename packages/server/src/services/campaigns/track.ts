import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignRecipients, campaigns, emailOutbox } from '../../db/schema/index';
import { mailLookOf } from '../email/mail-look';
import { unsubscribeByToken } from '../lists/members';
import { findCampaign, productCards, sendProblem } from './campaign-store';
import { checkClickToken, checkOpenToken } from './links';
import { blockAddress, renderCampaign } from './render';

/** The campaign as one reader sees it, with plain links (the editor's preview, a test send). */
export async function previewCampaign(db: Database, websiteId: string, id: string) {
  const campaign = await findCampaign(db, websiteId, id);
  const look = campaign && (await mailLookOf(db, websiteId));
  if (!campaign || !look) return null;
  const productIds = campaign.blocks.flatMap((b) => (b.type === 'product' ? [b.productId] : []));
  const { html, text } = renderCampaign(
    look,
    {
      subject: campaign.subject,
      preheader: campaign.preheader,
      blocks: campaign.blocks,
      products: await productCards(db, websiteId, productIds),
    },
    { unsubscribe: `${look.origin}/newsletter/unsubscribe`, open: null, click: (_b, plain) => plain },
  );
  return { campaign, subject: campaign.subject, html, text };
}

/** Send the campaign once to one address, through the outbox, with "[Test]" before the subject. */
export async function sendTest(db: Database, websiteId: string, id: string, to: string) {
  const preview = await previewCampaign(db, websiteId, id);
  if (!preview) return { ok: false, code: 'NOT_FOUND' } as const;
  const problem = sendProblem(preview.campaign, true);
  if (problem) return { ok: false, code: 'INVALID', message: problem } as const;
  await db.insert(emailOutbox).values({
    id: randomUUID(),
    websiteId,
    kind: 'campaign-test',
    toAddress: to,
    subject: `[Test] ${preview.subject}`.replace(/[\r\n]+/g, ' ').slice(0, 200),
    textBody: preview.text,
    htmlBody: preview.html,
    fromName: preview.campaign.fromName.replace(/[\r\n"<>]+/g, ' ').trim() || null,
  });
  return { ok: true } as const;
}

/** The first open of a recipient of a campaign with tracking on. */
export async function recordOpen(db: Database, websiteId: string, token: string): Promise<void> {
  const id = await checkOpenToken(db, token);
  if (!id) return;
  await db
    .update(campaignRecipients)
    .set({ openedAt: sql`now()` })
    .where(
      and(
        eq(campaignRecipients.id, id),
        eq(campaignRecipients.websiteId, websiteId),
        isNull(campaignRecipients.openedAt),
        sql`exists (select 1 from campaigns c where c.id = campaign_recipients.campaign_id and c.tracking)`,
      ),
    );
}

/**
 * Where a click goes: the address of the block the signed link names, read from the campaign
 * (never from the link), so no link leads anywhere the campaign did not. A click also counts
 * as an open (images are often blocked).
 */
export async function followClick(db: Database, websiteId: string, token: string): Promise<string | null> {
  const link = await checkClickToken(db, token);
  if (!link) return null;
  const [row] = await db
    .select({ campaign: campaigns })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(and(eq(campaignRecipients.id, link.recipientId), eq(campaignRecipients.websiteId, websiteId)));
  const block = row?.campaign.blocks[link.block];
  if (!row || !block) return null;
  const products =
    block.type === 'product' ? await productCards(db, websiteId, [block.productId]) : new Map();
  const target = blockAddress(block, products);
  if (!target || !/^https?:\/\//i.test(target)) return null;
  if (row.campaign.tracking)
    await db
      .update(campaignRecipients)
      .set({
        clickedAt: sql`coalesce(${campaignRecipients.clickedAt}, now())`,
        openedAt: sql`coalesce(${campaignRecipients.openedAt}, now())`,
      })
      .where(eq(campaignRecipients.id, link.recipientId));
  return target;
}

/**
 * One-click unsubscribe (RFC 8058): the member's token in the address is the secret; it only
 * unsubscribes, and the recipient row of the same e-mail records that it came from this mail.
 */
export async function oneClickUnsubscribe(
  db: Database,
  websiteId: string,
  recipientId: string,
  token: string,
): Promise<boolean> {
  const member = await unsubscribeByToken(db, websiteId, token);
  if (!member) return false;
  await db
    .update(campaignRecipients)
    .set({ unsubscribedAt: sql`coalesce(${campaignRecipients.unsubscribedAt}, now())` })
    .where(
      and(
        eq(campaignRecipients.id, recipientId),
        eq(campaignRecipients.websiteId, websiteId),
        eq(campaignRecipients.email, member.email),
      ),
    );
  return true;
}
