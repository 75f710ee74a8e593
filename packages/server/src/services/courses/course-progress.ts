import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { collections, courseLessons, items, lessonProgress, memberAreas } from '../../db/schema/index';
import { Rejection, asOutcome } from '../../reasons';
import { type ViewerAccess, gatesFor, mayView, viewerAccess } from '../members/access';
import { type CourseTree, courseTree } from './course-admin';

/**
 * What a viewer may open in a course: the one access rule (services/members/access.ts) on
 * the course (kind 'collection') and on each lesson (kind 'item'). A lesson is open when
 * both let the viewer in, or when the owner marked it a free preview.
 */
export interface CourseAccess {
  access: ViewerAccess;
  /** Areas locking the course itself (none: public). */
  courseAreas: string[];
  /** May the viewer open the course's lessons (those not locked on their own)? */
  courseOpen: boolean;
  /** Lesson id → areas locking it (course's and its own). */
  lessonAreas: Map<string, string[]>;
  isOpen(lessonId: string, freePreview: boolean): boolean;
}

export async function courseAccess(
  db: Database | Tx,
  websiteId: string,
  courseId: string,
  lessonIds: readonly string[],
  /** The viewer's access as the page already read it, or the customer to read it for. */
  viewer: ViewerAccess | string | null,
): Promise<CourseAccess> {
  const [access, courseGates, lessonGates] = await Promise.all([
    typeof viewer === 'object' && viewer !== null ? viewer : viewerAccess(db, websiteId, viewer),
    gatesFor(db, websiteId, 'collection', [courseId]),
    gatesFor(db, websiteId, 'item', lessonIds),
  ]);
  const courseAreas = courseGates.get(courseId) ?? [];
  const lessonAreas = new Map<string, string[]>();
  for (const id of lessonIds) lessonAreas.set(id, [...courseAreas, ...(lessonGates.get(id) ?? [])]);
  return {
    access,
    courseAreas,
    courseOpen: mayView(access, courseAreas),
    lessonAreas,
    isOpen: (lessonId, freePreview) =>
      freePreview || (mayView(access, courseAreas) && mayView(access, lessonGates.get(lessonId))),
  };
}

/** Where a visitor joins to open what these areas lock: the first area's join page. */
export async function joinUrlFor(db: Database | Tx, websiteId: string, areaIds: readonly string[]) {
  if (areaIds.length === 0) return null;
  const [area] = await db
    .select({ slug: memberAreas.slug })
    .from(memberAreas)
    .where(and(eq(memberAreas.websiteId, websiteId), inArray(memberAreas.id, [...areaIds])))
    .orderBy(asc(memberAreas.position), asc(memberAreas.name))
    .limit(1);
  return area ? `/members/${encodeURIComponent(area.slug)}/join` : null;
}

/** Lesson id → completed / last viewed, for one customer (none when signed out). */
export async function progressOf(
  db: Database | Tx,
  websiteId: string,
  siteUserId: string | null,
  lessonIds: readonly string[],
) {
  const done = new Map<string, { completedAt: Date | null; lastViewedAt: Date }>();
  if (!siteUserId || lessonIds.length === 0) return done;
  const rows = await db
    .select()
    .from(lessonProgress)
    .where(
      and(
        eq(lessonProgress.websiteId, websiteId),
        eq(lessonProgress.siteUserId, siteUserId),
        inArray(lessonProgress.itemId, [...lessonIds]),
      ),
    );
  for (const row of rows)
    done.set(row.itemId, { completedAt: row.completedAt, lastViewedAt: row.lastViewedAt });
  return done;
}

/** Done, total and whole percent of a course's lessons. */
export function progressFigures(tree: CourseTree, done: ReadonlyMap<string, { completedAt: Date | null }>) {
  const ids = tree.flatMap((c) => c.lessons.map((l) => l.item.id));
  const finished = ids.filter((id) => done.get(id)?.completedAt).length;
  return {
    done: finished,
    total: ids.length,
    percent: ids.length ? Math.round((finished * 100) / ids.length) : 0,
  };
}

/** The customer opened a lesson they may see: remember it as their last viewed. */
export async function recordLessonView(db: Database, websiteId: string, siteUserId: string, itemId: string) {
  const now = new Date();
  await db
    .insert(lessonProgress)
    .values({ websiteId, siteUserId, itemId, lastViewedAt: now })
    .onConflictDoUpdate({
      target: [lessonProgress.siteUserId, lessonProgress.itemId],
      set: { lastViewedAt: now },
    });
}

/** The lesson (an item of an enabled course on this site) and its course, or CONTENT_NOT_FOUND. */
async function lessonWithCourse(db: Database | Tx, websiteId: string, lessonId: string) {
  const [row] = await db
    .select({ lesson: courseLessons, courseEnabled: collections.enabled })
    .from(courseLessons)
    .innerJoin(collections, eq(collections.id, courseLessons.courseId))
    .innerJoin(items, eq(items.id, courseLessons.itemId))
    .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.itemId, lessonId)));
  if (!row?.courseEnabled) throw new Rejection('CONTENT_NOT_FOUND');
  return row.lesson;
}

/**
 * Mark a lesson complete (or not) for the signed-in customer, when they may see it; answers
 * the course's progress for them.
 */
export function setLessonCompleted(
  db: Database,
  websiteId: string,
  siteUserId: string | null,
  lessonId: string,
  completed: boolean,
) {
  return asOutcome(async () => {
    if (!siteUserId) throw new Rejection('COURSE_SIGN_IN_REQUIRED');
    const lesson = await lessonWithCourse(db, websiteId, lessonId);
    const gate = await courseAccess(db, websiteId, lesson.courseId, [lesson.itemId], siteUserId);
    if (!gate.isOpen(lesson.itemId, lesson.freePreview)) throw new Rejection('LESSON_LOCKED');
    const now = new Date();
    await db
      .insert(lessonProgress)
      .values({
        websiteId,
        siteUserId,
        itemId: lesson.itemId,
        lastViewedAt: now,
        completedAt: completed ? now : null,
      })
      .onConflictDoUpdate({
        target: [lessonProgress.siteUserId, lessonProgress.itemId],
        set: { completedAt: completed ? now : null, lastViewedAt: now },
      });
    const tree = await courseTree(db, websiteId, lesson.courseId);
    const ids = tree.flatMap((c) => c.lessons.map((l) => l.item.id));
    const done = await progressOf(db, websiteId, siteUserId, ids);
    return { completed, progress: progressFigures(tree, done) };
  });
}
