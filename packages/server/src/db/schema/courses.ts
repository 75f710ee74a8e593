import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { collections, items, websiteIdColumn } from './site';
import { siteUsers } from './site-users';

/**
 * Courses (drizzle/0030_courses.sql): a course is a collection of type 25; its chapters are
 * ordered here; its lessons are items of the course (record type 62) with what only a
 * lesson has beside them; progress is one row per customer and lesson.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const courseChapters = pgTable(
  'course_chapters',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    courseId: text('course_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [index('course_chapters_course_idx').on(t.websiteId, t.courseId, t.position)],
);

/** A lesson's video: a file of the media library, or a player address (the embed rules). */
export type LessonVideo = { kind: 'media'; mediaId: string; url: string } | { kind: 'embed'; url: string };

export const courseLessons = pgTable(
  'course_lessons',
  {
    itemId: text('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    websiteId: websiteIdColumn(),
    courseId: text('course_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    chapterId: text('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    video: jsonb('video').$type<LessonVideo | null>(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    freePreview: boolean('free_preview').notNull().default(false),
  },
  (t) => [
    index('course_lessons_chapter_idx').on(t.chapterId, t.position),
    index('course_lessons_course_idx').on(t.websiteId, t.courseId),
  ],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id')
      .notNull()
      .references(() => siteUsers.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    lastViewedAt: ts('last_viewed_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    primaryKey({ name: 'lesson_progress_pk', columns: [t.siteUserId, t.itemId] }),
    index('lesson_progress_viewer_idx').on(t.websiteId, t.siteUserId),
  ],
);
