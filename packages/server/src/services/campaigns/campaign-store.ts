import type { CampaignView, campaignInput } from '@store/api';
import { formatMoney } from '@store/commerce';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import {
  type CampaignBlock,
  campaignSettings,
  campaigns,
  collections,
  items,
  variants,
  websites,
} from '../../db/schema/index';
import { mailingLists } from '../../db/schema/newsletter';
import { siteBaseUrl } from '../site-base-url';
import { cleanCampaignText } from './clean-text';
import { campaignNumbers } from './numbers';
import type { ProductCard } from './render';

type Input = z.infer<typeof campaignInput>;
type Row = typeof campaigns.$inferSelect;

export const DEFAULT_RATE_PER_MINUTE = 600;

export type CampaignFailure = { ok: false; code: 'NOT_FOUND' | 'NOT_EDITABLE' | 'INVALID'; message?: string };

/** Text blocks are cleaned here (the server is the one place HTML is made safe). */
export const cleanBlocks = (blocks: readonly CampaignBlock[]): CampaignBlock[] =>
  blocks.map((b) => (b.type === 'text' ? { type: 'text', html: cleanCampaignText(b.html) } : b));

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function viewOf(db: Database, row: Row): Promise<CampaignView> {
  return {
    id: row.id,
    subject: row.subject,
    preheader: row.preheader,
    fromName: row.fromName,
    blocks: row.blocks,
    listIds: row.listIds,
    segment: row.segment,
    tracking: row.tracking,
    status: row.status,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    createdAt: row.createdAt.toISOString(),
    numbers: await campaignNumbers(db, row),
  };
}

export async function findCampaign(db: Database, websiteId: string, id: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.websiteId, websiteId), eq(campaigns.id, id)));
  return row ?? null;
}

export async function listCampaigns(db: Database, websiteId: string) {
  const rows = await db
    .select()
    .from(campaigns)
    .where(eq(campaigns.websiteId, websiteId))
    .orderBy(desc(campaigns.createdAt))
    .limit(200);
  return Promise.all(rows.map((r) => viewOf(db, r)));
}

/** The chosen lists must be this site's. */
async function checkLists(db: Database, websiteId: string, listIds: readonly string[]) {
  if (!listIds.length) return true;
  const found = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(and(eq(mailingLists.websiteId, websiteId), inArray(mailingLists.id, [...listIds])));
  return found.length === new Set(listIds).size;
}

/** Product blocks must name this site's products. */
async function checkProducts(db: Database, websiteId: string, blocks: readonly CampaignBlock[]) {
  const ids = blocks.flatMap((b) => (b.type === 'product' ? [b.productId] : []));
  if (!ids.length) return true;
  return (await productCards(db, websiteId, ids)).size === new Set(ids).size;
}

export async function createCampaign(db: Database, websiteId: string, input: Partial<Input>) {
  if (input.listIds && !(await checkLists(db, websiteId, input.listIds)))
    return { ok: false, code: 'INVALID', message: 'Choose mailing lists of this site.' } as const;
  const [row] = await db
    .insert(campaigns)
    .values({
      websiteId,
      subject: input.subject ?? '',
      preheader: input.preheader ?? '',
      fromName: input.fromName ?? '',
      blocks: cleanBlocks(input.blocks ?? []),
      listIds: [...new Set(input.listIds ?? [])],
      segment: input.segment ?? null,
      tracking: input.tracking ?? false,
    })
    .returning();
  if (!row) throw new Error('campaign insert returned nothing');
  return { ok: true, value: await viewOf(db, row) } as const;
}

/** Save a draft; a scheduled campaign may be changed until it starts. */
export async function saveCampaign(db: Database, websiteId: string, id: string, input: Input) {
  if (!(await checkLists(db, websiteId, input.listIds)))
    return { ok: false, code: 'INVALID', message: 'Choose mailing lists of this site.' } as const;
  if (!(await checkProducts(db, websiteId, input.blocks)))
    return {
      ok: false,
      code: 'INVALID',
      message: 'A product block names a product this store does not have.',
    } as const;
  const [row] = await db
    .update(campaigns)
    .set({
      subject: input.subject,
      preheader: input.preheader,
      fromName: input.fromName,
      blocks: cleanBlocks(input.blocks),
      listIds: [...new Set(input.listIds)],
      segment: input.segment,
      tracking: input.tracking,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(campaigns.websiteId, websiteId),
        eq(campaigns.id, id),
        inArray(campaigns.status, ['draft', 'scheduled']),
      ),
    )
    .returning();
  if (row) return { ok: true, value: await viewOf(db, row) } as const;
  return (await findCampaign(db, websiteId, id))
    ? ({ ok: false, code: 'NOT_EDITABLE' } as const)
    : ({ ok: false, code: 'NOT_FOUND' } as const);
}

export async function deleteCampaign(db: Database, websiteId: string, id: string) {
  const [row] = await db
    .delete(campaigns)
    .where(
      and(
        eq(campaigns.websiteId, websiteId),
        eq(campaigns.id, id),
        inArray(campaigns.status, ['draft', 'cancelled']),
      ),
    )
    .returning({ id: campaigns.id });
  if (row) return { ok: true } as const;
  return (await findCampaign(db, websiteId, id))
    ? ({ ok: false, code: 'NOT_EDITABLE' } as const)
    : ({ ok: false, code: 'NOT_FOUND' } as const);
}

/** What a campaign needs before it may be sent (also a test send). */
export function sendProblem(row: Row, forTest = false): string | null {
  if (!row.subject.trim()) return 'Give the campaign a subject.';
  if (!row.blocks.length) return 'Add at least one block.';
  if (!forTest && !row.listIds.length) return 'Choose at least one mailing list.';
  return null;
}

export async function productCards(
  db: Database,
  websiteId: string,
  ids: readonly string[],
): Promise<Map<string, ProductCard>> {
  const cards = new Map<string, ProductCard>();
  if (!ids.length) return cards;
  const [site] = await db
    .select({ baseUrl: websites.baseUrl, hosts: websites.hosts, currency: websites.currency })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!site) return cards;
  const rows = await db
    .select({
      id: items.id,
      title: items.title,
      urlId: items.urlId,
      image: items.mainImage,
      collectionUrlId: collections.urlId,
      price: sql<number>`(select min(case when v.on_sale then v.sale_price_cents else v.price_cents end) from ${variants} v where v.item_id = items.id)`,
    })
    .from(items)
    .innerJoin(collections, eq(collections.id, items.collectionId))
    .where(and(eq(items.websiteId, websiteId), eq(items.recordType, 11), inArray(items.id, [...ids])));
  const origin = siteBaseUrl(site);
  for (const r of rows)
    cards.set(r.id, {
      name: r.title,
      price: r.price === null ? '' : formatMoney(Number(r.price), site.currency),
      imageUrl: r.image?.assetUrl ?? null,
      url: `${origin}/${r.collectionUrlId}/p/${r.urlId}`,
    });
  return cards;
}

export async function ratePerMinute(db: Database, websiteId: string): Promise<number> {
  const [row] = await db
    .select({ rate: campaignSettings.ratePerMinute })
    .from(campaignSettings)
    .where(eq(campaignSettings.websiteId, websiteId));
  return row?.rate ?? DEFAULT_RATE_PER_MINUTE;
}

export async function setRatePerMinute(db: Database, websiteId: string, rate: number) {
  await db
    .insert(campaignSettings)
    .values({ websiteId, ratePerMinute: rate })
    .onConflictDoUpdate({ target: campaignSettings.websiteId, set: { ratePerMinute: rate } });
  return rate;
}

/** The site's mailing lists with how many members each has subscribed (the audience picker). */
export async function audienceLists(db: Database, websiteId: string) {
  const lists = await db
    .select({
      id: mailingLists.id,
      name: mailingLists.name,
      subscribed: sql<number>`(select count(*)::int from list_members m where m.list_id = mailing_lists.id and m.status = 'subscribed')`,
    })
    .from(mailingLists)
    .where(eq(mailingLists.websiteId, websiteId))
    .orderBy(mailingLists.name);
  return lists.map((l) => ({ ...l, subscribed: Number(l.subscribed) }));
}
