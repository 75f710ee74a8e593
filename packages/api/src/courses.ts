import { z } from 'zod';
import { id, okBody } from './common';

/** The words of the course answers (docs/api-errors.md). */
export const COURSE_MESSAGES = {
  chapterNotEmpty: 'Move or delete the lessons of this chapter first.',
  videoInvalid: 'Choose a video from the media library, or a YouTube, Vimeo or allowed player address.',
  orderMismatch: 'The order must list every chapter and lesson of the course exactly once.',
  lessonLocked: 'This lesson is for members. Join to watch it.',
  signInRequired: 'Sign in to keep track of your lessons.',
} as const;

const title = z.string().trim().min(1, 'Please enter a title').max(200);

/** A lesson's video as the editor sends it: a library file (by id) or a player address. */
export const lessonVideoInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('media'), mediaId: id }),
  z.object({ kind: z.literal('embed'), url: z.string().trim().min(1).max(2083) }),
]);

/** What the lesson editor saves; only the fields sent change. */
export const lessonUpdateBody = z
  .object({
    title: title.optional(),
    body: z.string().max(100_000).optional(),
    video: lessonVideoInput.nullable().optional(),
    durationSeconds: z.number().int().min(0).max(86_400).optional(),
    freePreview: z.boolean().optional(),
  })
  .refine(
    (lesson) => Object.values(lesson).some((value) => value !== undefined),
    'Nothing to change: send at least one field.',
  );
export type LessonInput = z.output<typeof lessonUpdateBody>;

const storedVideo = z
  .object({ kind: z.enum(['media', 'embed']), url: z.string(), mediaId: z.string().optional() })
  .nullable();

export const studioLesson = z.object({
  id: z.string(),
  title: z.string(),
  urlId: z.string(),
  fullUrl: z.string(),
  body: z.string(),
  video: storedVideo,
  durationSeconds: z.number().int(),
  freePreview: z.boolean(),
});

export const studioCourse = z.object({
  course: z.object({ id: z.string(), title: z.string(), urlId: z.string(), fullUrl: z.string() }),
  chapters: z.array(z.object({ id: z.string(), title: z.string(), lessons: z.array(studioLesson) })),
});

const courseParams = z.object({ courseId: id });
const chapterParams = z.object({ courseId: id, chapterId: id });
const lessonParams = z.object({ courseId: id, lessonId: id });

/** Courses in the studio (chapters and lessons), and a customer's progress on the site. */
export const courseRoutes = {
  'GET /api/studio/courses/:courseId': {
    summary: 'Studio: a course with its chapters and lessons, in order',
    params: courseParams,
    response: studioCourse,
  },
  'POST /api/studio/courses/:courseId/chapters': {
    summary: 'Studio: add a chapter at the end of a course',
    status: 201,
    params: courseParams,
    body: z.object({ title }),
    response: z.object({ id: z.string() }),
  },
  'PUT /api/studio/courses/:courseId/chapters/:chapterId': {
    summary: 'Studio: rename a chapter',
    params: chapterParams,
    body: z.object({ title }),
    response: okBody,
  },
  'DELETE /api/studio/courses/:courseId/chapters/:chapterId': {
    summary: 'Studio: delete an empty chapter',
    params: chapterParams,
    response: okBody,
  },
  'PUT /api/studio/courses/:courseId/order': {
    summary: 'Studio: the order of chapters and of the lessons in each (lessons may change chapter)',
    params: courseParams,
    body: z.object({
      chapters: z
        .array(z.object({ id, lessonIds: z.array(id).max(500) }))
        .min(1)
        .max(100),
    }),
    response: okBody,
  },
  'POST /api/studio/courses/:courseId/lessons': {
    summary: 'Studio: add a lesson at the end of a chapter (unique slug in the course)',
    status: 201,
    params: courseParams,
    body: z.object({ chapterId: id, title }),
    response: z.object({ id: z.string(), urlId: z.string() }),
  },
  'PUT /api/studio/courses/:courseId/lessons/:lessonId': {
    summary: 'Studio: save a lesson (title, text, video, length, free preview)',
    params: lessonParams,
    body: lessonUpdateBody,
    response: okBody,
  },
  'DELETE /api/studio/courses/:courseId/lessons/:lessonId': {
    summary: 'Studio: delete a lesson',
    params: lessonParams,
    response: okBody,
  },
  'PUT /api/courses/lessons/:lessonId/completed': {
    summary:
      'The signed-in customer marks a lesson they may see complete (or not); answers the course progress',
    params: z.object({ lessonId: id }),
    body: z.object({ completed: z.boolean() }),
    response: z.object({
      completed: z.boolean(),
      progress: z.object({ done: z.number().int(), total: z.number().int(), percent: z.number().int() }),
    }),
  },
} as const;
