import fastifyMultipart from '@fastify/multipart';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { takeDownload } from '../services/downloads/download-links';
import { downloadGate } from '../services/members/content-gates';
import { seedDemoDownload } from '../seed/demo-download';
import { type FileStorage, productFileStorage } from '../services/downloads/file-storage';
import { FILE_RESPONSE_HEADERS, servedFileType } from '../services/downloads/file-types';
import {
  deleteProductFile,
  getProductFile,
  saveProductFile,
  updateProductFileSettings,
} from '../services/downloads/product-file.service';
import { DOWNLOAD_MESSAGES } from '../services/gift-cards/gift-card-messages';
import { at, zodRoutes } from './api-schema';

/** Largest digital product file (bytes); streamed to storage, never held in memory. */
export const MAX_PRODUCT_FILE_BYTES = 200 * 1000 * 1000;

function page(reply: FastifyReply, status: number, title: string, text: string) {
  const html = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>${html(title)}</title>` +
        `<main><h1>${html(title)}</h1><p>${html(text)}</p><p><a href="/">Back to the shop</a></p></main></html>`,
    );
}

/** `filename*` carries the real name; the plain `filename` an ASCII stand-in for old clients. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The uploaded file's bytes as a stream that fails with a 400 when the multipart body ends
 * before the file's closing boundary. The multipart parser reports that by emitting an error
 * on the file (or by destroying it, when the body had all arrived before the handler looked),
 * and a consumer that attaches later would otherwise wait for an end that never comes.
 * The stream keeps its error until a consumer attaches (`pipeline` rejects with it then), so
 * a failure that comes while the product is still being looked up, or when the product turns
 * out not to exist and nothing ever reads the stream, is not an uncaught error event.
 */
function uploadedBytes(file: Readable): Readable {
  const cutShort = () => new ApiError('BAD_REQUEST', DOWNLOAD_MESSAGES.cutShort);
  const out = new PassThrough();
  out.on('error', () => {});
  if (file.destroyed) {
    out.destroy(cutShort());
    return out;
  }
  file.on('error', () => out.destroy(cutShort()));
  file.on('close', () => {
    if (!file.readableEnded) out.destroy(cutShort());
  });
  file.pipe(out);
  return out;
}

/**
 * Digital downloads: the owner's file per digital product (studio, owner only) and the
 * buyer's signed, expiring, counted link `GET /downloads/:downloadId?expires=&sig=`.
 */
export async function downloadRoutes(
  app: FastifyInstance,
  options: { storage?: FileStorage; maxFileBytes?: number; demoSiteSeeded?: string } = {},
): Promise<void> {
  const db = app.database.db;
  const storage = options.storage ?? productFileStorage(app.config);
  // The demo just seeded: its digital product gets a file to deliver.
  if (options.demoSiteSeeded) await seedDemoDownload(db, storage, options.demoSiteSeeded);

  app.get<{ Params: { downloadId: string }; Querystring: { expires?: string; sig?: string } }>(
    '/downloads/:downloadId',
    // A HEAD (link previews, mail scanners) must not spend a download; files are sent as they are.
    { exposeHeadRoute: false, compress: false },
    async (request, reply) => {
      const { expires, sig } = request.query;
      // A file a member area locks goes to its members only, link or not (docs/members.md).
      const gate = await downloadGate(
        db,
        request.site.id,
        request.params.downloadId,
        request.siteUserId ?? null,
      );
      if (!gate.ok)
        return page(
          reply,
          403,
          'For members only',
          `This file is for members of ${gate.areas.map((a) => a.name).join(' or ')}. Sign in as a member to download it.`,
        );
      const taken = await takeDownload(db, request.site.id, request.params.downloadId, expires, sig);
      if (!taken.ok) {
        if (taken.why === 'expired') return page(reply, 410, 'Download expired', DOWNLOAD_MESSAGES.expired);
        if (taken.why === 'gone') return page(reply, 404, 'Download unavailable', DOWNLOAD_MESSAGES.gone);
        return page(reply, 403, 'Download link not valid', DOWNLOAD_MESSAGES.invalid);
      }
      const body = await storage.get(taken.file.storageKey);
      if (!body) return page(reply, 404, 'Download unavailable', DOWNLOAD_MESSAGES.gone);
      return reply
        .headers(FILE_RESPONSE_HEADERS)
        .header('content-type', servedFileType(taken.file.contentType))
        .header('content-length', String(taken.file.bytes))
        .header('content-disposition', attachment(taken.file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-downloads-remaining', String(taken.remaining))
        .send(body);
    },
  );

  await app.register(async (owner) => {
    const fileSize = options.maxFileBytes ?? MAX_PRODUCT_FILE_BYTES;
    await owner.register(fastifyMultipart, { limits: { fileSize, files: 1, fields: 5 } });
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);

    api.put(
      ...at('PUT /api/studio/products/:itemId/file', { config: { fileUpload: true } }),
      async (request) => {
        if (!request.isMultipart())
          throw new ApiError('UNSUPPORTED_MEDIA_TYPE', DOWNLOAD_MESSAGES.missingFile);
        const part = await request.file();
        if (!part) throw new ApiError('BAD_REQUEST', DOWNLOAD_MESSAGES.missingFile);
        return valueOrFail(
          await saveProductFile(db, storage, request.site.id, request.params.itemId, {
            filename: part.filename,
            stream: uploadedBytes(part.file),
            truncated: () => part.file.truncated,
          }),
        );
      },
    );

    api.get(...at('GET /api/studio/products/:itemId/file'), async (request) => ({
      file: valueOrFail(await getProductFile(db, request.site.id, request.params.itemId)),
    }));

    api.patch(...at('PATCH /api/studio/products/:itemId/file'), async (request) =>
      valueOrFail(await updateProductFileSettings(db, request.site.id, request.params.itemId, request.body)),
    );

    api.delete(...at('DELETE /api/studio/products/:itemId/file'), async (request) => {
      valueOrFail(await deleteProductFile(db, storage, request.site.id, request.params.itemId));
      return { ok: true };
    });
  });
}
