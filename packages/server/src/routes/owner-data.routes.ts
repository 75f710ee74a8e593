import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { findForm } from '../services/forms/forms.service';
import { retryMessage, sendTestMail } from '../services/outbox/outbox-retry';
import { csvFilename, csvStream } from '../services/owner/csv';
import { decodeCursor, paginate } from '../services/owner/cursor';
import {
  MAILING_CSV_HEADER,
  listCounts,
  mailingCsvBatches,
  mailingList,
} from '../services/owner/mailing-lists';
import {
  deleteSubmissions,
  formsWithCounts,
  submissionCsvBatches,
  submissionCsvHeader,
} from '../services/owner/submissions-table';
import { schemaOf, zodRoutes } from './api-schema';

const PAGE = 50;
const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * The owner's data screens beyond the two lists in owner.routes.ts: form submissions
 * (picker, delete, CSV), mailing lists (list, CSV), outbox retry and the SMTP test message.
 * CSV answers carry a BOM and a formula guard (services/owner/csv.ts).
 */
export async function ownerDataRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);

  api.get('/api/owner/forms', { schema: schemaOf('GET /api/owner/forms') }, async (request) => ({
    forms: await formsWithCounts(db, request.site.id),
  }));

  api.delete(
    '/api/owner/forms/:formId/submissions',
    { schema: schemaOf('DELETE /api/owner/forms/:formId/submissions') },
    async (request) => {
      const form = await findForm(db, request.site.id, request.params.formId);
      if (!form) throw new ApiError('FORM_NOT_CONFIGURED');
      return { deleted: await deleteSubmissions(db, request.site.id, form.id, request.body.ids) };
    },
  );

  api.get(
    '/api/owner/forms/:formId/submissions.csv',
    { schema: schemaOf('GET /api/owner/forms/:formId/submissions.csv') },
    async (request, reply) => {
      const form = await findForm(db, request.site.id, request.params.formId);
      if (!form) throw new ApiError('FORM_NOT_CONFIGURED');
      const rows = submissionCsvBatches(db, request.site.id, form, request.query.q || undefined);
      return sendCsv(
        reply,
        csvFilename(`${form.name}-submissions`),
        csvStream(submissionCsvHeader(form), rows),
      );
    },
  );

  api.get(
    '/api/owner/mailing-lists/:list',
    { schema: schemaOf('GET /api/owner/mailing-lists/:list') },
    async (request) => {
      const after = decodeCursor(request.query.cursor, 3, 0);
      const rows = await mailingList(db, request.site.id, request.params.list, {
        after,
        q: request.query.q || undefined,
        limit: PAGE + 1,
      });
      const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE, (s) => [
        s.createdAt,
        s.source,
        s.email,
      ]);
      return {
        counts: await listCounts(db, request.site.id),
        subscribers: page,
        hasNextPage,
        nextPageCursor,
      };
    },
  );

  api.get(
    '/api/owner/mailing-lists/:list/export.csv',
    { schema: schemaOf('GET /api/owner/mailing-lists/:list/export.csv') },
    async (request, reply) => {
      const rows = mailingCsvBatches(db, request.site.id, request.params.list);
      return sendCsv(
        reply,
        csvFilename(`mailing-list-${request.params.list}`),
        csvStream(MAILING_CSV_HEADER, rows),
      );
    },
  );

  api.post(
    '/api/owner/outbox/:id/retry',
    { schema: schemaOf('POST /api/owner/outbox/:id/retry') },
    async (request) => {
      const m = await retryMessage(db, request.site.id, request.params.id);
      app.outboxKick?.();
      return {
        message: {
          id: m.id,
          kind: m.kind,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          status: m.status,
          attempts: m.attempts,
          lastError: m.lastError,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        },
      };
    },
  );

  api.post('/api/owner/outbox/test', { schema: schemaOf('POST /api/owner/outbox/test') }, async (request) => {
    const owner = request.siteUser;
    if (!owner) throw new ApiError('UNAUTHORIZED');
    const host = request.site.hosts[0];
    const domain = host?.includes('.') ? host : 'localhost.localdomain';
    const name = request.site.siteTitle.replace(/["\r\n<>]/g, '');
    return sendTestMail(
      db,
      { id: request.site.id, from: `"${name}" <no-reply@${domain}>` },
      app.config.smtpUrl,
      owner.email,
    );
  });
}

function sendCsv(reply: import('fastify').FastifyReply, filename: string, csv: Readable) {
  // A stream with its own type: the JSON serializer of this plugin is not used for it.
  return reply
    .type(CSV_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
