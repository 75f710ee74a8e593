import { z } from 'zod';
import { id, okBody } from './common';

/** A purchased download as the confirmation page and the receipt show it. */
export const orderDownload = z.object({
  productName: z.string(),
  /** Absolute, signed and expiring link (the site's own pages use its path and query). */
  url: z.string(),
  expiresAt: z.string(),
  remaining: z.number().int(),
});

/** The file a digital product delivers, as the owner sees it. */
export const productFile = z.object({
  itemId: z.string(),
  filename: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  downloadLimit: z.number().int(),
  linkDays: z.number().int(),
  createdAt: z.string(),
});

const params = z.object({ itemId: id });

export const downloadRoutes = {
  'PUT /api/studio/products/:itemId/file': {
    summary: 'Studio: upload the file a digital product delivers (multipart/form-data, one `file`, ≤ 200 MB)',
    params,
    // The body is multipart, streamed to storage by the route: no JSON schema to declare.
    response: productFile,
  },
  'GET /api/studio/products/:itemId/file': {
    summary: 'Studio: the file a digital product delivers (null when none is uploaded)',
    params,
    response: z.object({ file: productFile.nullable() }),
  },
  'PATCH /api/studio/products/:itemId/file': {
    summary: 'Studio: how many downloads a purchase allows and how many days its link lives',
    params,
    body: z
      .object({
        downloadLimit: z.number().int().min(1, 'Allow at least 1 download.').max(100).optional(),
        linkDays: z.number().int().min(1, 'A link lives at least 1 day.').max(365).optional(),
      })
      // An empty change is the caller's mistake (and an UPDATE with nothing to set fails in SQL).
      .refine(
        (settings) => settings.downloadLimit !== undefined || settings.linkDays !== undefined,
        'Nothing to change: send downloadLimit or linkDays.',
      ),
    response: productFile,
  },
  'DELETE /api/studio/products/:itemId/file': {
    summary: 'Studio: remove a digital product’s file (links already sent stop working)',
    params,
    response: okBody,
  },
} as const;
