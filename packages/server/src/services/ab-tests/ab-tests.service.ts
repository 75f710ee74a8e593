import {
  AB_LETTERS,
  AB_TEST_MESSAGES as M,
  type AbTestView,
  MAILING_LIST_MESSAGES as LIST_M,
} from '@store/api';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type AbGoal,
  type StoredSection,
  abTestVariants,
  abTests,
  pageSettings,
} from '../../db/schema/index';
import type { Outcome, Reason } from '../../reasons';
import { layoutListProblem } from '../lists/block-signups';
import { findPage } from '../studio/pages.service';
import { parseLayout, publishLayout, publishedLayout, saveDraft } from '../studio/layouts.service';
import { notifySiteChanged } from '../studio/site-changed';

type AbResult<T> = Outcome<T>;
const fail = (reason: Reason, message: string) => ({ ok: false as const, reason, message });
const NOT_FOUND = fail('AB_TEST_NOT_FOUND', M.notFound);

type TestRow = typeof abTests.$inferSelect;
type VariantRow = typeof abTestVariants.$inferSelect;

function view(test: TestRow, variants: VariantRow[]): AbTestView {
  return {
    id: test.id,
    pageId: test.collectionId,
    sectionId: test.sectionId,
    goal: test.goal,
    status: test.status,
    winner: (test.winner as AbTestView['winner']) ?? null,
    createdAt: test.createdAt.toISOString(),
    startedAt: test.startedAt?.toISOString() ?? null,
    endedAt: test.endedAt?.toISOString() ?? null,
    variants: variants
      .filter((v) => v.testId === test.id)
      .sort((a, b) => a.letter.localeCompare(b.letter))
      .map((v) => ({
        letter: v.letter as AbTestView['winner'] & string,
        weight: v.weight,
        section: v.section as AbTestView['variants'][number]['section'],
      })),
  };
}

async function variantsOf(db: Database, testIds: string[]): Promise<VariantRow[]> {
  if (!testIds.length) return [];
  return db
    .select()
    .from(abTestVariants)
    .where(inArray(abTestVariants.testId, testIds))
    .orderBy(asc(abTestVariants.letter));
}

async function testOf(db: Database, websiteId: string, id: string): Promise<TestRow | undefined> {
  const [row] = await db
    .select()
    .from(abTests)
    .where(and(eq(abTests.websiteId, websiteId), eq(abTests.id, id)));
  return row;
}

export async function getTest(db: Database, websiteId: string, id: string): Promise<AbResult<AbTestView>> {
  const test = await testOf(db, websiteId, id);
  return test ? { ok: true, value: view(test, await variantsOf(db, [test.id])) } : NOT_FOUND;
}

export async function listTests(db: Database, websiteId: string, pageId?: string): Promise<AbTestView[]> {
  const where = pageId
    ? and(eq(abTests.websiteId, websiteId), eq(abTests.collectionId, pageId))
    : eq(abTests.websiteId, websiteId);
  const tests = await db.select().from(abTests).where(where).orderBy(asc(abTests.createdAt)).limit(200);
  const variants = await variantsOf(
    db,
    tests.map((t) => t.id),
  );
  return tests.map((t) => view(t, variants));
}

/** Ids stay unique on the page: a copy's section and blocks get the variant letter appended. */
function copyOf(section: StoredSection, letter: string): StoredSection {
  const suffix = (id: string) => `${id.slice(0, 58)}-ab-${letter}`;
  const json = JSON.stringify(section);
  const copy = JSON.parse(json) as StoredSection & { grid?: Record<string, { blockId: string }[]> };
  const ids = new Map(copy.blocks.map((b) => [b.id, suffix(b.id)]));
  copy.id = suffix(section.id);
  for (const block of copy.blocks) block.id = ids.get(block.id) ?? block.id;
  for (const placements of Object.values(copy.grid ?? {}))
    for (const p of placements ?? []) p.blockId = ids.get(p.blockId) ?? p.blockId;
  return copy;
}

export interface NewTest {
  pageId: string;
  sectionId: string;
  goal: AbGoal;
  variants: number;
  weights?: number[];
}

/** A test in set-up: variant A is the published section, B… start as copies of it. */
export async function createTest(
  db: Database,
  websiteId: string,
  input: NewTest,
): Promise<AbResult<AbTestView>> {
  const page = await findPage(db, websiteId, input.pageId).catch(() => null);
  if (!page) return fail('CONTENT_NOT_FOUND', M.sectionMissing);
  const layout = await publishedLayout(db, page.id);
  const section = layout?.sections.find((s) => s.id === input.sectionId);
  if (!section) return fail('AB_TEST_NOT_FOUND', M.sectionMissing);
  if (input.weights && input.weights.length !== input.variants) return fail('AB_TEST_INVALID', M.weights);
  const [open] = await db
    .select({ id: abTests.id })
    .from(abTests)
    .where(
      and(eq(abTests.collectionId, page.id), eq(abTests.sectionId, section.id), ne(abTests.status, 'ended')),
    );
  if (open) return fail('AB_TEST_STATE', M.alreadyTested);
  const created = await db.transaction(async (tx) => {
    const [test] = await tx
      .insert(abTests)
      .values({ websiteId, collectionId: page.id, sectionId: section.id, goal: input.goal })
      .returning();
    if (!test) throw new Error('insert into ab_tests returned nothing');
    const letters = AB_LETTERS.slice(0, input.variants);
    const rows = letters.map((letter, i) => ({
      testId: test.id,
      websiteId,
      letter,
      weight: input.weights?.[i] ?? 1,
      section: i === 0 ? section : copyOf(section, letter),
    }));
    await tx.insert(abTestVariants).values(rows);
    return test;
  });
  return { ok: true, value: view(created, await variantsOf(db, [created.id])) };
}

export interface TestChanges {
  goal?: AbGoal;
  variants?: { letter: string; weight?: number; section?: unknown }[];
}

/** Goal, weights and content change while the test is set up or stopped, never while it runs. */
export async function updateTest(
  db: Database,
  websiteId: string,
  id: string,
  changes: TestChanges,
  frameOrigins: readonly string[],
): Promise<AbResult<AbTestView>> {
  const test = await testOf(db, websiteId, id);
  if (!test) return NOT_FOUND;
  if (test.status === 'running' || test.status === 'ended') return fail('AB_TEST_STATE', M.stopFirst);
  const current = await variantsOf(db, [id]);
  const updates: { letter: string; weight?: number; section?: StoredSection }[] = [];
  for (const change of changes.variants ?? []) {
    const existing = current.find((v) => v.letter === change.letter);
    if (!existing) return fail('AB_TEST_INVALID', `The test has no variant ${change.letter.toUpperCase()}.`);
    let section: StoredSection | undefined;
    if (change.section !== undefined) {
      const parsed = parseLayout({ sections: [change.section] }, frameOrigins);
      if (!parsed.ok) return fail('AB_TEST_INVALID', parsed.message ?? M.invalid);
      const [first] = parsed.value.sections as StoredSection[];
      if (!first) return fail('AB_TEST_INVALID', M.invalid);
      // The section keeps its id on the page whatever the editor sent.
      section = { ...first, id: existing.section.id };
      // A variant's newsletter blocks join one of the site's lists, as on the page itself.
      const listProblem = await layoutListProblem(db, websiteId, { sections: [section] });
      if (listProblem?.code === 'LIST_REQUIRED') return fail('AB_TEST_INVALID', LIST_M.listRequired);
      if (listProblem) return fail('AB_TEST_LIST_NOT_FOUND', LIST_M.notFound);
    }
    updates.push({ letter: change.letter, weight: change.weight, section });
  }
  await db.transaction(async (tx) => {
    if (changes.goal) await tx.update(abTests).set({ goal: changes.goal }).where(eq(abTests.id, id));
    for (const u of updates) {
      const set = { ...(u.weight ? { weight: u.weight } : {}), ...(u.section ? { section: u.section } : {}) };
      if (Object.keys(set).length)
        await tx
          .update(abTestVariants)
          .set(set)
          .where(and(eq(abTestVariants.testId, id), eq(abTestVariants.letter, u.letter)));
    }
  });
  return getTest(db, websiteId, id);
}

async function setStatus(db: Database, websiteId: string, id: string, set: Partial<TestRow>) {
  await db.transaction(async (tx) => {
    await tx
      .update(abTests)
      .set(set)
      .where(and(eq(abTests.websiteId, websiteId), eq(abTests.id, id)));
    // The published page holds the variants only while the test runs: every cached copy goes.
    await notifySiteChanged(tx, websiteId);
  });
}

export async function startTest(db: Database, websiteId: string, id: string): Promise<AbResult<AbTestView>> {
  const test = await testOf(db, websiteId, id);
  if (!test) return NOT_FOUND;
  if (test.status === 'running') return getTest(db, websiteId, id);
  if (test.status === 'ended') return fail('AB_TEST_STATE', M.ended);
  const layout = await publishedLayout(db, test.collectionId);
  if (!layout?.sections.some((s) => s.id === test.sectionId)) return fail('AB_TEST_STATE', M.sectionGone);
  await setStatus(db, websiteId, id, { status: 'running', startedAt: test.startedAt ?? new Date() });
  return getTest(db, websiteId, id);
}

export async function stopTest(db: Database, websiteId: string, id: string): Promise<AbResult<AbTestView>> {
  const test = await testOf(db, websiteId, id);
  if (!test) return NOT_FOUND;
  if (test.status !== 'running') return fail('AB_TEST_STATE', M.notRunning);
  await setStatus(db, websiteId, id, { status: 'stopped' });
  return getTest(db, websiteId, id);
}

/**
 * The winner's content becomes the section: published as a new revision of the page (and
 * put into the owner's unpublished draft too, if it has the section), and the test ends.
 */
export async function pickWinner(
  db: Database,
  websiteId: string,
  id: string,
  letter: string,
): Promise<AbResult<AbTestView>> {
  const test = await testOf(db, websiteId, id);
  if (!test) return NOT_FOUND;
  if (test.status === 'ended') return fail('AB_TEST_STATE', M.ended);
  const winner = (await variantsOf(db, [id])).find((v) => v.letter === letter);
  if (!winner) return fail('AB_TEST_INVALID', `The test has no variant ${letter.toUpperCase()}.`);
  const live = await publishedLayout(db, test.collectionId);
  if (!live?.sections.some((s) => s.id === test.sectionId)) return fail('AB_TEST_STATE', M.sectionGone);
  const [settings] = await db
    .select({ draft: pageSettings.draft })
    .from(pageSettings)
    .where(eq(pageSettings.collectionId, test.collectionId));
  const replace = (sections: StoredSection[]) =>
    sections.map((s) => (s.id === test.sectionId ? { ...winner.section, id: test.sectionId } : s));
  const published = await publishLayout(db, websiteId, test.collectionId, {
    sections: replace(live.sections),
  } as Parameters<typeof publishLayout>[3]);
  if (!published.ok) return fail('AB_TEST_INVALID', published.message ?? M.invalid);
  const draft = settings?.draft;
  if (draft?.sections.some((s) => s.id === test.sectionId))
    await saveDraft(db, websiteId, test.collectionId, { sections: replace(draft.sections) } as Parameters<
      typeof saveDraft
    >[3]);
  await setStatus(db, websiteId, id, { status: 'ended', winner: letter, endedAt: new Date() });
  return getTest(db, websiteId, id);
}

export async function deleteTest(
  db: Database,
  websiteId: string,
  id: string,
): Promise<AbResult<{ ok: true }>> {
  const test = await testOf(db, websiteId, id);
  if (!test) return NOT_FOUND;
  if (test.status === 'running') return fail('AB_TEST_STATE', M.stopFirst);
  await db.delete(abTests).where(and(eq(abTests.websiteId, websiteId), eq(abTests.id, id)));
  return { ok: true, value: { ok: true } };
}
