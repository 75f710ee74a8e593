import { RecordType } from '@store/commerce';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { items } from '../../db/schema/index';
import { memberAreas } from '../../db/schema/members';
import { listMembers, mailingSegments } from '../../db/schema/newsletter';
import { type SegmentRule, segmentCondition } from './segments';

/** Saved segments (Marketing → Mailing lists → Segments) and their preview counts. */

/**
 * How many subscribed people (each e-mail once) the rule holds now: on any of the site's lists,
 * or on the given ones (a campaign's audience).
 */
export async function segmentCount(
  db: Database,
  websiteId: string,
  rule: SegmentRule,
  listIds?: readonly string[],
): Promise<number> {
  if (listIds && listIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`cast(count(distinct ${listMembers.email}) as int)` })
    .from(listMembers)
    .where(
      and(
        eq(listMembers.websiteId, websiteId),
        eq(listMembers.status, 'subscribed'),
        listIds ? inArray(listMembers.listId, [...listIds]) : undefined,
        segmentCondition(websiteId, rule),
      ),
    );
  return Number(row?.n ?? 0);
}

/** What the rule builder offers besides products (the pickers' catalogue): the member areas. */
export async function segmentAreas(db: Database, websiteId: string) {
  return db
    .select({ id: memberAreas.id, name: memberAreas.name })
    .from(memberAreas)
    .where(eq(memberAreas.websiteId, websiteId))
    .orderBy(asc(memberAreas.name));
}

/** The rule names only this site's product and member area (a wrong one is a field's error). */
async function ruleProblem(db: Database, websiteId: string, rule: SegmentRule) {
  if (rule.boughtProductId) {
    const [item] = await db
      .select({ id: items.id })
      .from(items)
      .where(
        and(
          eq(items.id, rule.boughtProductId),
          eq(items.websiteId, websiteId),
          eq(items.recordType, RecordType.storeItem),
        ),
      );
    if (!item) return 'SEGMENT_PRODUCT_NOT_FOUND' as const;
  }
  if (rule.memberOfAreaId) {
    const [area] = await db
      .select({ id: memberAreas.id })
      .from(memberAreas)
      .where(and(eq(memberAreas.id, rule.memberOfAreaId), eq(memberAreas.websiteId, websiteId)));
    if (!area) return 'SEGMENT_AREA_NOT_FOUND' as const;
  }
  return null;
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
  const problem = await ruleProblem(db, websiteId, rule);
  if (problem) return { ok: false as const, code: problem };
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
