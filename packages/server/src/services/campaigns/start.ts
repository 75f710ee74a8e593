import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/index';
import { type SegmentRule, segmentCondition } from '../lists/segments';
import { type CampaignFailure, findCampaign, sendProblem } from './campaign-store';

type Row = typeof campaigns.$inferSelect;
type Started = { ok: true; value: Row } | CampaignFailure;

/**
 * Start sending: the campaign turns "sending" and its audience is written once, in the same
 * transaction: every e-mail subscribed (at this moment) to any of the chosen lists, once however
 * many of them it is on, and in the campaign's segment when it has one. Starting twice (a click and the schedule at once) starts it once.
 */
export async function startCampaign(
  db: Database,
  websiteId: string,
  id: string,
  now: Date,
): Promise<Started> {
  const found = await findCampaign(db, websiteId, id);
  if (!found) return { ok: false, code: 'NOT_FOUND' };
  const problem = sendProblem(found);
  if (problem) return { ok: false, code: 'INVALID', message: problem };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({
        status: 'sending',
        startedAt: now,
        scheduledAt: sql`coalesce(${campaigns.scheduledAt}, ${now})`,
      })
      .where(
        and(
          eq(campaigns.websiteId, websiteId),
          eq(campaigns.id, id),
          inArray(campaigns.status, ['draft', 'scheduled']),
        ),
      )
      .returning();
    if (!row) return { ok: false, code: 'NOT_EDITABLE' } as const;
    // The segment's condition names list_members by its table name: no alias here.
    const segment = row.segment ? segmentCondition(websiteId, row.segment as SegmentRule) : sql`true`;
    await tx.execute(sql`
      insert into campaign_recipients (campaign_id, website_id, email)
      select distinct ${row.id}, ${websiteId}, list_members.email from list_members
      where list_members.website_id = ${websiteId} and list_members.status = 'subscribed'
        and list_members.list_id in (select jsonb_array_elements_text(${JSON.stringify(row.listIds)}::jsonb))
        and ${segment}
      on conflict (campaign_id, email) do nothing`);
    return { ok: true, value: row } as const;
  });
}

/** Send at `at` (a time after `now`), or at once without one. A scheduled campaign may be rescheduled. */
export async function scheduleCampaign(
  db: Database,
  websiteId: string,
  id: string,
  at: Date | null,
  now: Date,
): Promise<Started> {
  if (!at) return startCampaign(db, websiteId, id, now);
  if (at.getTime() <= now.getTime())
    return { ok: false, code: 'INVALID', message: 'Choose a time in the future.' };
  const found = await findCampaign(db, websiteId, id);
  if (!found) return { ok: false, code: 'NOT_FOUND' };
  const problem = sendProblem(found);
  if (problem) return { ok: false, code: 'INVALID', message: problem };
  const [row] = await db
    .update(campaigns)
    .set({ status: 'scheduled', scheduledAt: at, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, ['draft', 'scheduled'])))
    .returning();
  return row ? { ok: true, value: row } : { ok: false, code: 'NOT_EDITABLE' };
}

/** A scheduled campaign goes back to being a draft (nothing was sent yet). */
export async function cancelCampaign(db: Database, websiteId: string, id: string): Promise<Started> {
  const [row] = await db
    .update(campaigns)
    .set({ status: 'draft', scheduledAt: null, updatedAt: sql`now()` })
    .where(and(eq(campaigns.websiteId, websiteId), eq(campaigns.id, id), eq(campaigns.status, 'scheduled')))
    .returning();
  if (row) return { ok: true, value: row };
  return (await findCampaign(db, websiteId, id))
    ? { ok: false, code: 'NOT_EDITABLE' }
    : { ok: false, code: 'NOT_FOUND' };
}

/** Start every scheduled campaign whose time has come (each once, whichever process gets it). */
export async function startDueCampaigns(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: campaigns.id, websiteId: campaigns.websiteId })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'scheduled'), lte(campaigns.scheduledAt, now)))
    .limit(20);
  let started = 0;
  for (const c of due) if ((await startCampaign(db, c.websiteId, c.id, now)).ok) started += 1;
  return started;
}
