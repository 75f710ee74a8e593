import { at, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { mayReadMailSecrets } from '../plugins/permissions';
import { mailSettingsRow } from '../services/email/mail-settings.service';
import { outboxMessageView } from '../services/email/outbox-view';
import { findForm } from '../services/forms/forms.service';
import { decodeCursor, paginate } from '../services/owner/cursor';
import { outboxRows, submissionRows } from '../services/owner/owner-lists';
import { cellsOf, noAnswerText, tableFields } from '../services/owner/submissions-table';
import type { SignedInUser } from '../services/site-users/sessions';

const PAGE = 50;

/**
 * Owner-only lists: a form's submissions, and the email outbox (where mail waits when no
 * SMTP server is configured). Values are returned as JSON data; the studio renders them
 * escaped. The outbox hides links and codes from every reader but the owner and admins.
 */
export async function ownerRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  // Before validation: a signed-out caller gets 401, not a 400 about its input.
  app.addHook('preValidation', requireOwner);

  api.get(...at('GET /api/owner/forms/:formId/submissions'), async (request) => {
    const query = request.query;
    const form = await findForm(db, request.site.id, request.params.formId);
    if (!form) throw new ApiError('FORM_NOT_CONFIGURED');
    const rows = await submissionRows(db, request.site.id, form.id, {
      q: query.q || undefined,
      after: decodeCursor(query.cursor, 2, 0),
      limit: PAGE,
    });
    const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE, (x) => [x.cursorAt, x.r.id]);
    const fields = tableFields(form);
    const empty = noAnswerText();
    return {
      form: {
        id: form.id,
        name: form.name,
        fields: fields.map(({ id, title, type }) => ({ id, title, type })),
      },
      noAnswerText: empty,
      submissions: page.map(({ r }) => ({
        id: r.id,
        answers: r.answers,
        cells: cellsOf(fields, r.answers, empty),
        page: r.page,
        createdAt: r.createdAt,
      })),
      hasNextPage,
      nextPageCursor,
    };
  });

  api.get(...at('GET /api/owner/outbox'), async (request) => {
    const query = request.query;
    const rows = await outboxRows(db, request.site.id, {
      status: query.status,
      after: decodeCursor(query.cursor, 2, 0),
      limit: PAGE,
    });
    const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE, (x) => [x.cursorAt, x.m.id]);
    const reveal = mayReadMailSecrets(request.siteUser as SignedInUser);
    return {
      // The site's own SMTP server (Settings → Domain & mail), else the server's SMTP_URL.
      smtpConfigured: Boolean(app.config.smtpUrl || (await mailSettingsRow(db, request.site.id))?.smtpHost),
      secretsHidden: !reveal,
      messages: page.map(({ m }) => outboxMessageView(m, reveal)),
      hasNextPage,
      nextPageCursor,
    };
  });
}
