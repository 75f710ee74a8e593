import { AB_MIN_VISITORS, type AbResultRow, abCompare, abVariantIndex } from '@store/api';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type AbGoal,
  type StoredSection,
  abTestVariants,
  abTestVisitors,
  abTests,
} from '../../db/schema/index';

export type { AbGoal, StoredSection };

export interface RunningTest {
  id: string;
  sectionId: string;
  variants: { letter: string; weight: number; section: StoredSection }[];
}

/** The running tests of the site (of one page, when `collectionId` is given), with their variants. */
export async function runningTests(
  db: Database,
  websiteId: string,
  filter: { collectionId?: string; ids?: string[] } = {},
): Promise<RunningTest[]> {
  const conditions = [eq(abTests.websiteId, websiteId), eq(abTests.status, 'running')];
  if (filter.collectionId) conditions.push(eq(abTests.collectionId, filter.collectionId));
  if (filter.ids) conditions.push(inArray(abTests.id, filter.ids));
  const tests = await db
    .select({ id: abTests.id, sectionId: abTests.sectionId })
    .from(abTests)
    .where(and(...conditions));
  if (!tests.length) return [];
  const variants = await db
    .select()
    .from(abTestVariants)
    .where(
      inArray(
        abTestVariants.testId,
        tests.map((t) => t.id),
      ),
    )
    .orderBy(asc(abTestVariants.letter));
  return tests.map((t) => ({
    ...t,
    variants: variants
      .filter((v) => v.testId === t.id)
      .map((v) => ({ letter: v.letter, weight: v.weight, section: v.section })),
  }));
}

/** The letter a visitor's bucket picks in a test (the page's split script picks the same). */
export function variantFor(visitorId: string, test: Pick<RunningTest, 'id' | 'variants'>): string {
  const index = abVariantIndex(
    visitorId,
    test.id,
    test.variants.map((v) => v.weight),
  );
  return test.variants[index]?.letter ?? 'a';
}

/**
 * A visitor was shown the page's running tests: one row per visitor and test, in the variant
 * their bucket picks (computed here, never taken from the browser). Returns the rows added.
 */
export async function recordExposures(
  db: Database,
  websiteId: string,
  visitorId: string,
  testIds: string[],
): Promise<number> {
  const tests = await runningTests(db, websiteId, { ids: [...new Set(testIds)] });
  if (!tests.length) return 0;
  const added = await db
    .insert(abTestVisitors)
    .values(tests.map((t) => ({ testId: t.id, websiteId, visitorId, variant: variantFor(visitorId, t) })))
    .onConflictDoNothing()
    .returning({ testId: abTestVisitors.testId });
  return added.length;
}

/** The visitor reached a goal: each running test with that goal they were shown counts them once. */
export async function recordConversion(
  db: Database,
  websiteId: string,
  visitorId: string,
  goal: AbGoal,
): Promise<number> {
  const converted = await db
    .update(abTestVisitors)
    .set({ convertedAt: new Date() })
    .where(
      and(
        eq(abTestVisitors.websiteId, websiteId),
        eq(abTestVisitors.visitorId, visitorId),
        isNull(abTestVisitors.convertedAt),
        inArray(
          abTestVisitors.testId,
          db
            .select({ id: abTests.id })
            .from(abTests)
            .where(
              and(eq(abTests.websiteId, websiteId), eq(abTests.status, 'running'), eq(abTests.goal, goal)),
            ),
        ),
      ),
    )
    .returning({ testId: abTestVisitors.testId });
  return converted.length;
}

/** Per variant: visitors, conversions, rate, lift against A and the z-test's p-value. */
export async function testResults(
  db: Database,
  websiteId: string,
  testId: string,
  variants: { letter: string; weight: number }[],
): Promise<AbResultRow[]> {
  const counts = await db
    .select({
      variant: abTestVisitors.variant,
      visitors: sql<number>`count(*)::int`,
      conversions: sql<number>`count(${abTestVisitors.convertedAt})::int`,
    })
    .from(abTestVisitors)
    .where(and(eq(abTestVisitors.websiteId, websiteId), eq(abTestVisitors.testId, testId)))
    .groupBy(abTestVisitors.variant);
  const of = (letter: string) => {
    const row = counts.find((c) => c.variant === letter);
    return { visitors: Number(row?.visitors ?? 0), conversions: Number(row?.conversions ?? 0) };
  };
  const control = of('a');
  return variants.map((v) => {
    const own = of(v.letter);
    const compared = abCompare(control, own, AB_MIN_VISITORS);
    const isControl = v.letter === 'a';
    return {
      letter: v.letter as AbResultRow['letter'],
      weight: v.weight,
      ...own,
      rate: compared.rate,
      lift: isControl ? null : compared.lift,
      pValue: isControl ? null : compared.pValue,
      enoughData: compared.enoughData,
    };
  });
}
