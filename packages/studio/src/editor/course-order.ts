import type { ApiOutput } from '@store/api/client';

/** Chapters as the course editor holds them (the studio's course answer). */
type Chapter = ApiOutput<'GET /api/studio/courses/:courseId'>['chapters'][number];

/**
 * The order after moving one lesson up or down: within its chapter, or across into the end
 * of the chapter before (start of the one after) at a chapter's edge.
 */
export function moveLesson(chapters: Chapter[], lessonId: string, delta: -1 | 1) {
  const order = chapters.map((c) => ({ id: c.id, lessonIds: c.lessons.map((l) => l.id) }));
  const from = order.findIndex((c) => c.lessonIds.includes(lessonId));
  const chapter = order[from];
  if (!chapter) return order;
  const at = chapter.lessonIds.indexOf(lessonId);
  const to = at + delta;
  if (to >= 0 && to < chapter.lessonIds.length) {
    chapter.lessonIds.splice(at, 1);
    chapter.lessonIds.splice(to, 0, lessonId);
    return order;
  }
  const next = order[from + delta];
  if (!next) return order;
  chapter.lessonIds.splice(at, 1);
  if (delta < 0) next.lessonIds.push(lessonId);
  else next.lessonIds.unshift(lessonId);
  return order;
}

/** The order after moving one chapter up or down. */
export function moveChapter(chapters: Chapter[], chapterId: string, delta: -1 | 1) {
  const order = chapters.map((c) => ({ id: c.id, lessonIds: c.lessons.map((l) => l.id) }));
  const at = order.findIndex((c) => c.id === chapterId);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= order.length) return order;
  const [moved] = order.splice(at, 1);
  if (moved) order.splice(to, 0, moved);
  return order;
}
