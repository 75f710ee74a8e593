import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { mayReadMailSecrets } from '../plugins/permissions';
import { outboxMessageView } from '../services/email/outbox-view';
import { findForm } from '../services/forms/forms.service';
import { sendTestMail } from '../services/email/mail-test';
import { retryMessage } from '../services/outbox/outbox-retry';
import { valueOrFail } from '../reasons';
import { secretBoxFor } from '../services/payments/secret-box';
import { csvFilename, csvStream } from '../services/owner/csv';
import {
  deleteSubmissions,
  formsWithCounts,
  submissionCsvBatches,
  submissionCsvHeader,
} from '../services/owner/submissions-table';
import type { SignedInUser } from '../services/site-users/sessions';
import { at, zodRoutes } from './api-schema';
import { sendCsv } from './csv-reply';

/**
 * The owner's data screens beyond the two lists in owner.routes.ts: form submissions
 * (picker, delete, CSV), outbox retry and the SMTP test message. Mailing lists are in
 * mailing-lists.routes.ts.
 * CSV answers carry a BOM and a formula guard (services/owner/csv.ts).
 */
export async function ownerDataRoutes(app: FastifyInstance) {
  const api = zodRoutes(app);
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);

  api.get(...at('GET /api/owner/forms'), async (request) => ({
    forms: await formsWithCounts(db, request.site.id),
  }));

  api.delete(...at('DELETE /api/owner/forms/:formId/submissions'), async (request) => {
    const form = await findForm(db, request.site.id, request.params.formId);
    if (!form) throw new ApiError('FORM_NOT_CONFIGURED');
    return { deleted: await deleteSubmissions(db, request.site.id, form.id, request.body.ids) };
  });

  api.get(...at('GET /api/owner/forms/:formId/submissions.csv'), async (request, reply) => {
    const form = await findForm(db, request.site.id, request.params.formId);
    if (!form) throw new ApiError('FORM_NOT_CONFIGURED');
    const rows = submissionCsvBatches(db, request.site.id, form, request.query.q || undefined);
    return sendCsv(
      reply,
      csvFilename(`${form.name}-submissions`),
      csvStream(submissionCsvHeader(form), rows),
    );
  });

  api.post(...at('POST /api/owner/outbox/:id/retry'), async (request) => {
    const m = valueOrFail(await retryMessage(db, request.site.id, request.params.id));
    app.outboxKick?.();
    // The worker sends the stored text; the answer is what this reader may see of it.
    return { message: outboxMessageView(m, mayReadMailSecrets(request.siteUser as SignedInUser)) };
  });

  api.post(...at('POST /api/owner/outbox/test'), async (request) => {
    const owner = request.siteUser;
    if (!owner) throw new ApiError('UNAUTHORIZED');
    // Through the site's own SMTP server when it has one, else SMTP_URL (Settings → Domain & mail).
    const sent = await sendTestMail(
      db,
      request.site,
      {},
      {
        source: secretBoxFor(app.config, app.database.kind),
        smtpUrl: app.config.smtpUrl,
        fallbackTo: owner.email,
      },
    );
    if (!sent.ok) throw new ApiError('UNPROCESSABLE', sent.message);
    const { ok, via, to, message } = sent.value;
    return {
      outcome: ok ? ('sent' as const) : via === 'none' ? ('queued' as const) : ('failed' as const),
      to,
      message,
    };
  });
}
