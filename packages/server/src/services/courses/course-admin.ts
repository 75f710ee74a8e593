import type { LessonInput } from '@store/api';
import { parseEmbedUrl } from '@store/blocks';
import { CollectionType, RecordType } from '@store/commerce';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { lockName } from '../../db/advisory-lock';
import type { Database, Tx } from '../../db/client';
import { theRow } from '../../db/rows';
import {
  type LessonVideo,
  collections,
  courseChapters,
  courseLessons,
  items,
  mediaAssets,
  websites,
} from '../../db/schema/index';
import { Rejection, asOutcome } from '../../reasons';
import { cleanHtml } from '../html/clean-html';
import { serializeMedia } from '../media/media.service';
import { notifySiteChanged } from '../studio/site-changed';
import { uniqueName } from '../studio/unique-name';

/** The course (a collection of type 25) of this site, or CONTENT_NOT_FOUND. */
export async function courseOf(db: Database | Tx, websiteId: string, courseId: string) {
  const [course] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.id, courseId)));
  if (!course || course.type !== CollectionType.course) throw new Rejection('CONTENT_NOT_FOUND');
  return course;
}

/** Chapters and lessons of a course in their order (lesson rows with their item's fields). */
export async function courseTree(db: Database | Tx, websiteId: string, courseId: string) {
  const [chapters, lessons] = await Promise.all([
    db
      .select()
      .from(courseChapters)
      .where(and(eq(courseChapters.websiteId, websiteId), eq(courseChapters.courseId, courseId)))
      .orderBy(asc(courseChapters.position), asc(courseChapters.createdAt)),
    db
      .select({ lesson: courseLessons, item: items })
      .from(courseLessons)
      .innerJoin(items, eq(items.id, courseLessons.itemId))
      .where(and(eq(courseLessons.websiteId, websiteId), eq(courseLessons.courseId, courseId)))
      .orderBy(asc(courseLessons.position), asc(items.createdAt)),
  ]);
  return chapters.map((chapter) => ({
    ...chapter,
    lessons: lessons.filter((l) => l.lesson.chapterId === chapter.id),
  }));
}

export type { LessonVideo };

export type CourseTree = Awaited<ReturnType<typeof courseTree>>;

export function getCourse(db: Database, websiteId: string, courseId: string) {
  return asOutcome(async () => {
    const course = await courseOf(db, websiteId, courseId);
    const tree = await courseTree(db, websiteId, course.id);
    return {
      course: { id: course.id, title: course.title, urlId: course.urlId, fullUrl: `/${course.urlId}` },
      chapters: tree.map((chapter) => ({
        id: chapter.id,
        title: chapter.title,
        lessons: chapter.lessons.map(({ lesson, item }) => ({
          id: item.id,
          title: item.title,
          urlId: item.urlId,
          fullUrl: `/${course.urlId}/${item.urlId}`,
          body: item.body,
          video: lesson.video,
          durationSeconds: lesson.durationSeconds,
          freePreview: lesson.freePreview,
        })),
      })),
    };
  });
}

export function addChapter(db: Database, websiteId: string, courseId: string, title: string) {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const course = await courseOf(tx, websiteId, courseId);
      await lockName(tx, `course-order:${course.id}`);
      const { next } = theRow(
        await tx
          .select({ next: sql<number>`coalesce(max(${courseChapters.position}) + 1, 0)::int` })
          .from(courseChapters)
          .where(eq(courseChapters.courseId, course.id)),
        'select next chapter position',
      );
      const row = theRow(
        await tx
          .insert(courseChapters)
          .values({ websiteId, courseId: course.id, title, position: next })
          .returning({ id: courseChapters.id }),
        'insert into course_chapters',
      );
      await notifySiteChanged(tx, websiteId);
      return row;
    }),
  );
}

async function chapterOf(tx: Tx, websiteId: string, courseId: string, chapterId: string) {
  const [chapter] = await tx
    .select()
    .from(courseChapters)
    .where(
      and(
        eq(courseChapters.websiteId, websiteId),
        eq(courseChapters.courseId, courseId),
        eq(courseChapters.id, chapterId),
      ),
    );
  if (!chapter) throw new Rejection('CONTENT_NOT_FOUND');
  return chapter;
}

export function renameChapter(
  db: Database,
  websiteId: string,
  courseId: string,
  chapterId: string,
  title: string,
) {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const course = await courseOf(tx, websiteId, courseId);
      await chapterOf(tx, websiteId, course.id, chapterId);
      await tx.update(courseChapters).set({ title }).where(eq(courseChapters.id, chapterId));
      await notifySiteChanged(tx, websiteId);
    }),
  );
}

export function deleteChapter(db: Database, websiteId: string, courseId: string, chapterId: string) {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const course = await courseOf(tx, websiteId, courseId);
      await lockName(tx, `course-order:${course.id}`);
      await chapterOf(tx, websiteId, course.id, chapterId);
      const held = await tx
        .select({ id: courseLessons.itemId })
        .from(courseLessons)
        .where(eq(courseLessons.chapterId, chapterId))
        .limit(1);
      if (held.length) throw new Rejection('CHAPTER_NOT_EMPTY');
      await tx.delete(courseChapters).where(eq(courseChapters.id, chapterId));
      await notifySiteChanged(tx, websiteId);
    }),
  );
}

/**
 * The order of the chapters and of the lessons in each, as the editor shows it: every
 * chapter and lesson of the course exactly once (a lesson may move to another chapter).
 */
export function setCourseOrder(
  db: Database,
  websiteId: string,
  courseId: string,
  order: { id: string; lessonIds: string[] }[],
) {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const course = await courseOf(tx, websiteId, courseId);
      await lockName(tx, `course-order:${course.id}`);
      const tree = await courseTree(tx, websiteId, course.id);
      const chapterIds = tree.map((c) => c.id).sort();
      const lessonIds = tree.flatMap((c) => c.lessons.map((l) => l.item.id)).sort();
      const sentChapters = order.map((c) => c.id).sort();
      const sentLessons = order.flatMap((c) => c.lessonIds).sort();
      if (
        JSON.stringify(chapterIds) !== JSON.stringify(sentChapters) ||
        JSON.stringify(lessonIds) !== JSON.stringify(sentLessons)
      )
        throw new Rejection('COURSE_ORDER_MISMATCH');
      for (const [position, chapter] of order.entries()) {
        await tx.update(courseChapters).set({ position }).where(eq(courseChapters.id, chapter.id));
        for (const [lessonPosition, itemId] of chapter.lessonIds.entries())
          await tx
            .update(courseLessons)
            .set({ chapterId: chapter.id, position: lessonPosition })
            .where(eq(courseLessons.itemId, itemId));
      }
      await notifySiteChanged(tx, websiteId);
    }),
  );
}

export function addLesson(
  db: Database,
  websiteId: string,
  courseId: string,
  input: { chapterId: string; title: string },
) {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const course = await courseOf(tx, websiteId, courseId);
      // One lesson slug at a time per course (the posts' rule), and one order change at a time.
      await lockName(tx, `item-slugs:${course.id}`);
      await lockName(tx, `course-order:${course.id}`);
      const chapter = await chapterOf(tx, websiteId, course.id, input.chapterId);
      const taken = await tx
        .select({ urlId: items.urlId })
        .from(items)
        .where(eq(items.collectionId, course.id));
      const item = theRow(
        await tx
          .insert(items)
          .values({
            websiteId,
            collectionId: course.id,
            recordType: RecordType.lesson,
            title: input.title,
            urlId: uniqueName(input.title, new Set(taken.map((t) => t.urlId)), 'lesson'),
          })
          .returning({ id: items.id, urlId: items.urlId }),
        'insert lesson into items',
      );
      const { next } = theRow(
        await tx
          .select({ next: sql<number>`coalesce(max(${courseLessons.position}) + 1, 0)::int` })
          .from(courseLessons)
          .where(eq(courseLessons.chapterId, chapter.id)),
        'select next lesson position',
      );
      await tx
        .insert(courseLessons)
        .values({ itemId: item.id, websiteId, courseId: course.id, chapterId: chapter.id, position: next });
      await notifySiteChanged(tx, websiteId);
      return item;
    }),
  );
}

/** A lesson's video as stored: a video of this site's library, or an address the embed rules play. */
async function resolveVideo(
  tx: Tx,
  websiteId: string,
  video: NonNullable<LessonInput['video']>,
): Promise<LessonVideo> {
  if (video.kind === 'media') {
    const [row] = await tx
      .select()
      .from(mediaAssets)
      .where(and(eq(mediaAssets.websiteId, websiteId), eq(mediaAssets.id, video.mediaId)));
    const media = row ? serializeMedia(row) : null;
    if (media?.kind !== 'video') throw new Rejection('LESSON_VIDEO_INVALID');
    return { kind: 'media', mediaId: media.id, url: media.assetUrl };
  }
  const [site] = await tx
    .select({ embedOrigins: websites.embedOrigins })
    .from(websites)
    .where(eq(websites.id, websiteId));
  const embed = parseEmbedUrl(video.url, { media: 'video', allowedOrigins: site?.embedOrigins ?? [] });
  const playable = (embed.kind === 'player' && embed.shape === 'video') || embed.kind === 'file';
  if (!playable) throw new Rejection('LESSON_VIDEO_INVALID');
  return { kind: 'embed', url: video.url.trim() };
}

export function updateLesson(
  db: Database,
  websiteId: string,
  courseId: string,
  lessonId: string,
  input: LessonInput,
) {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const course = await courseOf(tx, websiteId, courseId);
      const [lesson] = await tx
        .select({ itemId: courseLessons.itemId })
        .from(courseLessons)
        .where(
          and(
            eq(courseLessons.websiteId, websiteId),
            eq(courseLessons.courseId, course.id),
            eq(courseLessons.itemId, lessonId),
          ),
        );
      if (!lesson) throw new Rejection('CONTENT_NOT_FOUND');
      const video =
        input.video === undefined
          ? undefined
          : input.video === null
            ? null
            : await resolveVideo(tx, websiteId, input.video);
      if (input.title !== undefined || input.body !== undefined)
        await tx
          .update(items)
          .set({
            ...(input.title !== undefined ? { title: input.title } : {}),
            ...(input.body !== undefined ? { body: cleanHtml(input.body, 'rich') } : {}),
          })
          .where(eq(items.id, lesson.itemId));
      if (video !== undefined || input.durationSeconds !== undefined || input.freePreview !== undefined)
        await tx
          .update(courseLessons)
          .set({
            ...(video !== undefined ? { video } : {}),
            ...(input.durationSeconds !== undefined ? { durationSeconds: input.durationSeconds } : {}),
            ...(input.freePreview !== undefined ? { freePreview: input.freePreview } : {}),
          })
          .where(eq(courseLessons.itemId, lesson.itemId));
      await notifySiteChanged(tx, websiteId);
    }),
  );
}

export function deleteLesson(db: Database, websiteId: string, courseId: string, lessonId: string) {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const course = await courseOf(tx, websiteId, courseId);
      const gone = await tx
        .delete(items)
        .where(
          and(
            eq(items.websiteId, websiteId),
            eq(items.collectionId, course.id),
            eq(items.recordType, RecordType.lesson),
            inArray(items.id, [lessonId]),
          ),
        )
        .returning({ id: items.id });
      if (!gone.length) throw new Rejection('CONTENT_NOT_FOUND');
      await notifySiteChanged(tx, websiteId);
    }),
  );
}
