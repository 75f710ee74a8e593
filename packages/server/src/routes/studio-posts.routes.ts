import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { createPost, deletePost, listPosts, updatePost } from '../services/studio/posts.service';
import { at, zodRoutes } from './api-schema';

/** Blog posts of a blog collection: list, create, edit (text, author, date, tags, categories, image), delete. */
export async function studioPostRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // Before the schemas: a signed-out caller is told 401, not what its body got wrong.
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/blogs/:blogId/posts'), async (request) =>
    valueOrFail(await listPosts(db, request.site.id, request.params.blogId)),
  );
  api.post(...at('POST /api/studio/blogs/:blogId/posts'), async (request, reply) =>
    reply
      .code(201)
      .send(valueOrFail(await createPost(db, request.site.id, request.params.blogId, request.body.title))),
  );
  api.put(...at('PUT /api/studio/blogs/:blogId/posts/:postId'), async (request) => {
    const { blogId, postId } = request.params;
    valueOrFail(await updatePost(db, request.site.id, blogId, postId, request.body));
    return { ok: true };
  });
  api.delete(...at('DELETE /api/studio/blogs/:blogId/posts/:postId'), async (request) => {
    valueOrFail(await deletePost(db, request.site.id, request.params.blogId, request.params.postId));
    return { ok: true };
  });
}
