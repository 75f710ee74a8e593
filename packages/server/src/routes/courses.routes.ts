import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import {
  addChapter,
  addLesson,
  deleteChapter,
  deleteLesson,
  getCourse,
  renameChapter,
  setCourseOrder,
  updateLesson,
} from '../services/courses/course-admin';
import { setLessonCompleted } from '../services/courses/course-progress';
import { at, zodRoutes } from './api-schema';

/** Courses in the studio: chapters and lessons, their order, the lesson editor. */
export async function studioCourseRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // Before the schemas: a signed-out caller is told 401, not what its body got wrong.
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/courses/:courseId'), async (request) =>
    valueOrFail(await getCourse(db, request.site.id, request.params.courseId)),
  );
  api.post(...at('POST /api/studio/courses/:courseId/chapters'), async (request, reply) =>
    reply
      .code(201)
      .send(valueOrFail(await addChapter(db, request.site.id, request.params.courseId, request.body.title))),
  );
  api.put(...at('PUT /api/studio/courses/:courseId/chapters/:chapterId'), async (request) => {
    const { courseId, chapterId } = request.params;
    valueOrFail(await renameChapter(db, request.site.id, courseId, chapterId, request.body.title));
    return { ok: true };
  });
  api.delete(...at('DELETE /api/studio/courses/:courseId/chapters/:chapterId'), async (request) => {
    const { courseId, chapterId } = request.params;
    valueOrFail(await deleteChapter(db, request.site.id, courseId, chapterId));
    return { ok: true };
  });
  api.put(...at('PUT /api/studio/courses/:courseId/order'), async (request) => {
    valueOrFail(await setCourseOrder(db, request.site.id, request.params.courseId, request.body.chapters));
    return { ok: true };
  });
  api.post(...at('POST /api/studio/courses/:courseId/lessons'), async (request, reply) =>
    reply
      .code(201)
      .send(valueOrFail(await addLesson(db, request.site.id, request.params.courseId, request.body))),
  );
  api.put(...at('PUT /api/studio/courses/:courseId/lessons/:lessonId'), async (request) => {
    const { courseId, lessonId } = request.params;
    valueOrFail(await updateLesson(db, request.site.id, courseId, lessonId, request.body));
    return { ok: true };
  });
  api.delete(...at('DELETE /api/studio/courses/:courseId/lessons/:lessonId'), async (request) => {
    const { courseId, lessonId } = request.params;
    valueOrFail(await deleteLesson(db, request.site.id, courseId, lessonId));
    return { ok: true };
  });
}

/** A customer's lesson progress on the site ("Mark complete"; the crumb is checked as for every write). */
export async function courseProgressRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const api = zodRoutes(app);
  api.put(...at('PUT /api/courses/lessons/:lessonId/completed'), async (request) =>
    valueOrFail(
      await setLessonCompleted(
        db,
        request.site.id,
        request.siteUserId ?? null,
        request.params.lessonId,
        request.body.completed,
      ),
    ),
  );
}
