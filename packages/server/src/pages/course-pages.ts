import { parseEmbedUrl } from '@store/blocks';
import type { Database } from '../db/client';
import type { LessonVideo } from '../services/courses/course-admin';
import type { CollectionRow } from '../services/catalog.service';
import { courseTree } from '../services/courses/course-admin';
import {
  courseAccess,
  joinUrlFor,
  progressFigures,
  progressOf,
  recordLessonView,
} from '../services/courses/course-progress';
import { serializeCollection } from '../services/serialize-catalog';
import type { ViewerAccess } from '../services/members/access';
import type { SiteRecord } from '../services/site.service';
import type { PageContext } from './page-context';
import { PageType, RecordType } from './page-types';

/**
 * Pages that differ per signed-in visitor (their ticks, what their membership opens): never
 * kept in the page cache. A visitor signed out sees what every signed-out visitor sees.
 */
const personal = new WeakSet<PageContext>();
export const isPersonalPage = (context: PageContext): boolean => personal.has(context);

/** "12 min" (a lesson's length as the outline shows it); empty when the owner gave none. */
export function durationLabel(seconds: number): string {
  if (seconds <= 0) return '';
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}

/** What the lesson page plays: a file in a video element, or a known player's frame. */
function playable(video: LessonVideo | null, embedOrigins: readonly string[]) {
  if (!video) return null;
  if (video.kind === 'media') return { kind: 'file', isPlayer: false, src: video.url, title: '' };
  const embed = parseEmbedUrl(video.url, { media: 'video', allowedOrigins: embedOrigins });
  if (embed.kind === 'file') return { kind: 'file', isPlayer: false, src: embed.src, title: '' };
  if (embed.kind === 'player' && embed.shape === 'video')
    return { kind: 'player', isPlayer: true, src: embed.src, title: 'Lesson video' };
  return null;
}

/**
 * A course (collection type 25): `/<course>` is its outline (page type 1) and
 * `/<course>/<lesson>` a lesson (page type 50, record type 62). Each lesson is locked or
 * open by the one access rule; a locked lesson's text and video are left out of the page
 * (HTML and `?format=json` alike) and its paywall button leads to joining. False: no such lesson.
 */
export async function courseContext(
  db: Database,
  site: SiteRecord,
  context: PageContext,
  collection: CollectionRow,
  segments: readonly string[],
  viewer: ViewerAccess,
): Promise<boolean> {
  const siteUserId = viewer.siteUserId;
  if (segments.length > 2) return false;
  const tree = await courseTree(db, site.id, collection.id);
  const flat = tree.flatMap((chapter) => chapter.lessons.map((l) => ({ ...l, chapter })));
  const ids = flat.map((l) => l.item.id);
  const slug = segments.length === 2 ? decodeURIComponent(segments[1] ?? '') : null;
  const index = slug === null ? -1 : flat.findIndex((l) => l.item.urlId === slug);
  if (slug !== null && index < 0) return false;
  const [gate, done] = await Promise.all([
    courseAccess(db, site.id, collection.id, ids, viewer),
    progressOf(db, site.id, siteUserId, ids),
  ]);
  if (siteUserId) personal.add(context);
  const courseUrl = `/${collection.urlId}`;
  const lessonUrl = (urlId: string) => `${courseUrl}/${encodeURIComponent(urlId)}`;
  const progress = progressFigures(tree, done);
  context.collection = { ...serializeCollection(collection), typeName: 'course' };
  const courseLocked = !gate.courseOpen;
  context.course = {
    id: collection.id,
    title: collection.title,
    description: collection.description,
    url: courseUrl,
    signedIn: Boolean(siteUserId),
    locked: courseLocked,
    joinUrl: courseLocked ? await joinUrlFor(db, site.id, gate.courseAreas) : null,
    progress: { ...progress, shown: Boolean(siteUserId) && progress.total > 0 },
    lessonCount: progress.total,
    chapters: tree.map((chapter, chapterIndex) => ({
      id: chapter.id,
      number: chapterIndex + 1,
      title: chapter.title,
      lessons: chapter.lessons.map(({ lesson, item }) => ({
        id: item.id,
        title: item.title,
        url: lessonUrl(item.urlId),
        durationLabel: durationLabel(lesson.durationSeconds),
        freePreview: lesson.freePreview,
        locked: !gate.isOpen(item.id, lesson.freePreview),
        completed: Boolean(done.get(item.id)?.completedAt),
        current: slug !== null && item.urlId === slug,
      })),
    })),
  };
  if (slug === null) {
    context.pageType = PageType.collection;
    return true;
  }
  const current = flat[index];
  if (!current) return false;
  const { item, lesson, chapter } = current;
  const open = gate.isOpen(item.id, lesson.freePreview);
  const areas = gate.lessonAreas.get(item.id) ?? [];
  if (open && siteUserId) await recordLessonView(db, site.id, siteUserId, item.id);
  const neighbour = (at: number) => {
    const other = flat[at];
    return other ? { title: other.item.title, url: lessonUrl(other.item.urlId) } : null;
  };
  context.pageType = PageType.contentItem;
  context.itemId = item.id;
  context.item = {
    id: item.id,
    collectionId: collection.id,
    recordType: RecordType.lesson,
    title: item.title,
    urlId: item.urlId,
    fullUrl: lessonUrl(item.urlId),
    excerpt: '',
    // A locked lesson's text never leaves the server.
    body: open ? item.body : '',
    publishOn: item.publishOn.toISOString(),
  };
  const embedOrigins = (context.website as { embedOrigins?: string[] }).embedOrigins ?? [];
  context.lesson = {
    id: item.id,
    number: index + 1,
    chapterTitle: chapter.title,
    durationLabel: durationLabel(lesson.durationSeconds),
    freePreview: lesson.freePreview,
    locked: !open,
    joinUrl: open ? null : await joinUrlFor(db, site.id, areas),
    video: open ? playable(lesson.video, embedOrigins) : null,
    completed: Boolean(done.get(item.id)?.completedAt),
    signedIn: Boolean(siteUserId),
    signInUrl: `/account?returnTo=${encodeURIComponent(lessonUrl(item.urlId))}`,
    previous: neighbour(index - 1),
    next: neighbour(index + 1),
  };
  return true;
}
