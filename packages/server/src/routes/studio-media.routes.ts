import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { answerFor, valueOrFail } from '../reasons';
import {
  CONTENT_TYPE_BY_EXT,
  deleteMedia,
  listMedia,
  updateMedia,
  uploadImage,
} from '../services/media/media.service';
import { FILE_RESPONSE_HEADERS } from '../services/downloads/file-types';
import { type MediaStorage, localDiskStorage } from '../services/media/media-storage';
import { s3Storage } from '../services/media/s3-storage';
import { PLAYABLE_TYPES, byteRange } from '../services/media/sound-and-video';
import { inMediaLibrary } from '../services/media/media-lookup';
import { at, zodRoutes } from './api-schema';
import { API_MESSAGES } from '@store/api';

/** Largest upload (bytes); past it the spec's "file too large". */
export const MAX_UPLOAD_BYTES = 20 * 1000 * 1000;

/**
 * The media library (owner-only): upload (multipart; images resized by sharp to the spec's
 * widths, audio and video kept as sent), list, rename / alt text / focal point, delete; and the public, immutable file
 * URLs `/media/<hash>/<name>?format=<width>w|original` that `image-srcset` points at.
 */
export async function studioMediaRoutes(app: FastifyInstance, options: { storage?: MediaStorage } = {}) {
  const db = app.database.db;
  // S3_BUCKET set → the bucket (every process serves every upload); else the local disk.
  const storage =
    options.storage ??
    (app.config.mediaS3
      ? s3Storage(app.config.mediaS3)
      : localDiskStorage(path.join(app.config.dataDir, 'media')));

  const inLibrary = (websiteId: string, hash: string) => inMediaLibrary(db, websiteId, hash);

  app.get<{ Params: { hash: string; name: string }; Querystring: { format?: string } }>(
    '/media/:hash/:name',
    async (request, reply) => {
      const { hash, name } = request.params;
      const ext = name.split('.').pop() ?? '';
      if (!/^[a-f0-9]{24}$/.test(hash) || !CONTENT_TYPE_BY_EXT[ext]) return reply.callNotFound();
      // Only on the site whose library holds the file: another site's host answers 404 even
      // for bytes it stores for the first (files are kept once per content hash).
      if (!request.site || !(await inLibrary(request.site.id, hash))) return reply.callNotFound();
      if (PLAYABLE_TYPES[ext]) return sendPlayable(request, reply, hash, ext);
      const wanted = /^(\d{2,4})w$/.exec(request.query.format ?? '')?.[1];
      const body = wanted ? await storage.get(`${hash}/${wanted}w.webp`) : null;
      const file = body ?? (await storage.get(`${hash}/original.${ext}`));
      if (!file) return reply.callNotFound();
      return reply
        .headers(FILE_RESPONSE_HEADERS)
        .type(body ? 'image/webp' : CONTENT_TYPE_BY_EXT[ext])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file);
    },
  );

  /**
   * An audio or video file, in the byte ranges a media element asks for (it seeks and reads
   * the duration with them), immutable like every library file.
   */
  async function sendPlayable(request: FastifyRequest, reply: FastifyReply, hash: string, ext: string) {
    const body = await storage.get(`${hash}/original.${ext}`);
    if (!body) return reply.callNotFound();
    reply
      .headers(FILE_RESPONSE_HEADERS)
      .type(PLAYABLE_TYPES[ext]?.contentType ?? 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=31536000, immutable');
    const range = byteRange(request.headers.range, body.length);
    if (range === 'unsatisfiable')
      return reply.code(416).header('content-range', `bytes */${body.length}`).send();
    if (!range) return reply.send(body);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
      .send(body.subarray(range.start, range.end + 1));
  }

  await app.register(async (owner) => {
    await owner.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
    // Before the schemas: a signed-out caller is told 401, not what its body got wrong.
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);

    api.get(...at('GET /api/studio/media'), async (request) => ({
      media: await listMedia(db, request.site.id),
    }));

    api.post(...at('POST /api/studio/media', { config: { fileUpload: true } }), async (request, reply) => {
      if (!request.isMultipart())
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
      const part = await request.file();
      if (!part) throw new ApiError('BAD_REQUEST', API_MESSAGES.uploadFailed);
      let body: Buffer;
      try {
        body = await part.toBuffer();
      } catch {
        throw new ApiError('PAYLOAD_TOO_LARGE', API_MESSAGES.fileTooLarge);
      }
      const uploaded = await uploadImage(db, storage, request.site.id, {
        filename: part.filename,
        mimetype: part.mimetype,
        body,
      });
      if (!uploaded.ok) {
        const answer = answerFor(uploaded);
        // A long processing queue: the same upload succeeds a few seconds later.
        if (uploaded.reason === 'UPLOADS_BUSY') answer.retryAfterSeconds = 5;
        throw answer;
      }
      return reply.code(201).send(uploaded.value);
    });

    api.patch(...at('PATCH /api/studio/media/:id'), async (request) =>
      valueOrFail(await updateMedia(db, request.site.id, request.params.id, request.body)),
    );

    api.delete(...at('DELETE /api/studio/media/:id'), async (request) => {
      valueOrFail(await deleteMedia(db, storage, request.site.id, request.params.id));
      return { ok: true };
    });
  });
}
