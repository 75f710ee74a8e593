import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { listMembers, mailingSegments } from '../../db/schema/newsletter';
import { type SegmentRule, segmentCondition } from './segments';

/** Saved segments (Marketing → Mailing lists → Segments) and their preview counts. */

/** How many subscribed people (any of the site's lists, each e-mail once) the rule holds now. */
export async function segmentCount(db: Database, websiteId: string, rule: SegmentRule): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(distinct ${listMembers.email}) as int)` })
    .from(listMembers)
    .where(
      and(
        eq(listMembers.websiteId, websiteId),
        eq(listMembers.status, 'subscribed'),
        segmentCondition(websiteId, rule),
      ),
    );
  return Number(row?.n ?? 0);
}

const clean = (rule: SegmentRule): SegmentRule => ({
  ...(rule.boughtProductId ? { boughtProductId: rule.boughtProductId } : {}),
  ...(rule.spentOverMinor !== undefined ? { spentOverMinor: rule.spentOverMinor } : {}),
  ...(rule.memberOfAreaId ? { memberOfAreaId: rule.memberOfAreaId } : {}),
});

export async function listSegments(db: Database, websiteId: string) {
  const rows = await db
    .select()
    .from(mailingSegments)
    .where(eq(mailingSegments.websiteId, websiteId))
    .orderBy(mailingSegments.name);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      rule: r.rule,
      count: await segmentCount(db, websiteId, r.rule),
    })),
  );
}

export async function saveSegment(
  db: Database,
  websiteId: string,
  input: { name: string; rule: SegmentRule },
) {
  const rule = clean(input.rule);
  const [row] = await db
    .insert(mailingSegments)
    .values({ websiteId, name: input.name, rule })
    .onConflictDoNothing()
    .returning({ id: mailingSegments.id, name: mailingSegments.name });
  if (!row) return { ok: false as const, code: 'SEGMENT_NAME_TAKEN' as const };
  return { ok: true as const, segment: { ...row, rule, count: await segmentCount(db, websiteId, rule) } };
}

export async function deleteSegment(db: Database, websiteId: string, segmentId: string) {
  const gone = await db
    .delete(mailingSegments)
    .where(and(eq(mailingSegments.id, segmentId), eq(mailingSegments.websiteId, websiteId)))
    .returning({ id: mailingSegments.id });
  return gone.length > 0 ? { ok: true as const } : { ok: false as const, code: 'SEGMENT_NOT_FOUND' as const };
}
