import { LIST_IMPORT_MAX_BYTES, MAILING_LIST_MESSAGES as M } from '@store/api';
import type { FastifyInstance } from 'fastify';
import { ApiError, type ErrorCode } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { dropSitePagesOnSuccess } from '../pages/page-invalidation';
import { importMembers } from '../services/lists/import';
import { confirmMember } from '../services/lists/members';
import { CONFIRM_PATH } from '../services/lists/opt-ins';
import {
  addMemberByHand,
  createList,
  deleteList,
  listExists,
  listMembersPage,
  memberBatches,
  ownerLists,
  readFormOptIn,
  removeMember,
  saveFormOptIn,
  unsubscribeMember,
  updateList,
} from '../services/lists/owner-lists';
import {
  deleteSegment,
  listSegments,
  saveSegment,
  segmentAreas,
  segmentCount,
} from '../services/lists/segment-store';
import { toListMember } from '../services/lists/member-view';
import { csvFilename, csvStream } from '../services/owner/csv';
import { at, zodRoutes } from './api-schema';
import { sendCsv } from './csv-reply';

const MEMBER_CSV_HEADER = [
  'Email',
  'Status',
  'Source',
  'Consent at',
  'Consent source',
  'Joined',
  'Unsubscribed at',
];

/** Refusals that belong to one field of the request: the answer names it in `errors`. */
const FIELD_OF: Record<string, string> = {
  SEGMENT_PRODUCT_NOT_FOUND: 'rule.boughtProductId',
  SEGMENT_AREA_NOT_FOUND: 'rule.memberOfAreaId',
  SEGMENT_NAME_TAKEN: 'name',
};

const FAILURES: Record<string, [ErrorCode, number, string]> = {
  LIST_NOT_FOUND: ['NOT_FOUND', 404, M.notFound],
  MEMBER_NOT_FOUND: ['NOT_FOUND', 404, 'That member is not on this list.'],
  NAME_TAKEN: ['CONFLICT', 409, M.nameTaken],
  DEFAULT_KEPT: ['CONFLICT', 409, M.defaultKept],
  FORM_NOT_FOUND: ['NOT_FOUND', 404, M.formNotFound],
  FORM_FIELDS_INVALID: ['VALIDATION_FAILED', 400, M.formFieldsInvalid],
  SEGMENT_NAME_TAKEN: ['CONFLICT', 409, M.segmentNameTaken],
  SEGMENT_NOT_FOUND: ['NOT_FOUND', 404, M.segmentNotFound],
  SEGMENT_PRODUCT_NOT_FOUND: ['VALIDATION_FAILED', 400, M.segmentProductNotFound],
  SEGMENT_AREA_NOT_FOUND: ['VALIDATION_FAILED', 400, M.segmentAreaNotFound],
  NO_EMAIL_COLUMN: ['VALIDATION_FAILED', 400, M.noEmailColumn],
  TOO_MANY_ROWS: ['PAYLOAD_TOO_LARGE', 413, M.tooManyRows],
  UNREADABLE: ['VALIDATION_FAILED', 400, 'The file could not be read as CSV.'],
};

function orFail<T extends { ok: boolean }>(
  result: T | { ok: false; code: string },
): Extract<T, { ok: true }> {
  if (result.ok) return result as Extract<T, { ok: true }>;
  const code = (result as { code: string }).code;
  const [errorCode, status, message] = FAILURES[code] ?? ['UNPROCESSABLE', 422, code];
  const field = FIELD_OF[code];
  const extra = { reason: `MAILING_LIST_${code}`, ...(field ? { errors: { [field]: message } } : {}) };
  throw new ApiError(errorCode, message, extra, status);
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Marketing → Mailing lists (docs/marketing.md): the owner's lists, members, import, segments
 * and form opt-ins under /api/studio/marketing (the permission table's `marketing`
 * capability), and the page a double opt-in confirmation mail links to.
 */
export async function mailingListRoutes(app: FastifyInstance) {
  const db = app.database.db;

  app.get(CONFIRM_PATH, async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const ok =
      typeof token === 'string' && token.length <= 100 && (await confirmMember(db, request.site.id, token));
    const message = ok ? M.confirmed : M.badConfirmLink;
    const title = ok ? 'Subscription confirmed' : 'Link not valid';
    return reply
      .code(ok ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(
        `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;line-height:1.5;color:#222}a{color:inherit}</style></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the site</a></p></body></html>`,
      );
  });

  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);
    const site = (request: { site: { id: string } }) => request.site.id;

    api.get(...at('GET /api/studio/marketing/lists'), async (request) => ({
      lists: await ownerLists(db, site(request)),
    }));
    api.post(...at('POST /api/studio/marketing/lists'), async (request, reply) => {
      const made = orFail(await createList(db, site(request), request.body));
      reply.code(201);
      return { list: made.list };
    });
    api.put(...at('PUT /api/studio/marketing/lists/:listId'), async (request) => ({
      list: orFail(await updateList(db, site(request), request.params.listId, request.body)).list,
    }));
    // This process drops its cached pages before answering (the owner's next view is fresh).
    api.delete(
      ...at('DELETE /api/studio/marketing/lists/:listId', { onSend: dropSitePagesOnSuccess }),
      async (request) => {
        orFail(await deleteList(db, site(request), request.params.listId));
        return { ok: true };
      },
    );
    api.get(...at('GET /api/studio/marketing/lists/:listId/members'), async (request) => {
      const { ok: _ok, ...page } = orFail(
        await listMembersPage(db, site(request), request.params.listId, request.query),
      );
      return page;
    });
    api.post(...at('POST /api/studio/marketing/lists/:listId/members'), async (request, reply) => {
      const added = orFail(
        await addMemberByHand(db, site(request), request.params.listId, request.body.email),
      );
      reply.code(201);
      return { member: added.member };
    });
    api.post(
      ...at('POST /api/studio/marketing/lists/:listId/members/:memberId/unsubscribe'),
      async (request) => ({
        member: orFail(
          await unsubscribeMember(db, site(request), request.params.listId, request.params.memberId),
        ).member,
      }),
    );
    api.delete(...at('DELETE /api/studio/marketing/lists/:listId/members/:memberId'), async (request) => {
      orFail(await removeMember(db, site(request), request.params.listId, request.params.memberId));
      return { ok: true };
    });
    api.get(...at('GET /api/studio/marketing/lists/:listId/export.csv'), async (request, reply) => {
      const lists = await ownerLists(db, site(request));
      const list = lists.find((l) => l.id === request.params.listId);
      if (!list) orFail({ ok: false, code: 'LIST_NOT_FOUND' });
      const rows = (async function* () {
        for await (const batch of memberBatches(db, site(request), request.params.listId))
          yield batch.map((row) => {
            const m = toListMember(row);
            return [
              m.email,
              m.status,
              m.source,
              m.consentAt ?? '',
              m.consentSource,
              m.createdAt,
              m.unsubscribedAt ?? '',
            ];
          });
      })();
      return sendCsv(
        reply,
        csvFilename(`mailing-list-${list?.name ?? 'list'}`),
        csvStream(MEMBER_CSV_HEADER, rows),
      );
    });
    api.post(
      ...at('POST /api/studio/marketing/lists/:listId/import', { bodyLimit: 3 * LIST_IMPORT_MAX_BYTES }),
      async (request) => {
        if (request.body.csv.length > LIST_IMPORT_MAX_BYTES)
          throw new ApiError(
            'PAYLOAD_TOO_LARGE',
            M.fileTooLarge,
            { reason: 'MAILING_LIST_FILE_TOO_LARGE' },
            413,
          );
        if (!(await listExists(db, site(request), request.params.listId)))
          orFail({ ok: false, code: 'LIST_NOT_FOUND' });
        const { ok: _ok, ...result } = orFail(
          await importMembers(db, site(request), request.params.listId, {
            fileName: request.body.fileName,
            csv: request.body.csv,
          }),
        );
        return result;
      },
    );
    api.get(...at('GET /api/studio/marketing/segments'), async (request) => ({
      segments: await listSegments(db, site(request)),
      currency: request.site.currency,
      memberAreas: await segmentAreas(db, site(request)),
    }));
    api.post(...at('POST /api/studio/marketing/segments'), async (request, reply) => {
      const saved = orFail(await saveSegment(db, site(request), request.body));
      reply.code(201);
      return { segment: saved.segment };
    });
    api.delete(...at('DELETE /api/studio/marketing/segments/:segmentId'), async (request) => {
      orFail(await deleteSegment(db, site(request), request.params.segmentId));
      return { ok: true };
    });
    api.post(...at('POST /api/studio/marketing/segments/preview'), async (request) => ({
      count: await segmentCount(db, site(request), request.body.rule, request.body.listIds),
    }));
    api.get(...at('GET /api/studio/marketing/forms/:formId/opt-in'), async (request) => ({
      optIn: orFail(await readFormOptIn(db, site(request), request.params.formId)).optIn,
    }));
    api.put(...at('PUT /api/studio/marketing/forms/:formId/opt-in'), async (request) => ({
      optIn: orFail(await saveFormOptIn(db, site(request), request.params.formId, request.body.optIn)).optIn,
    }));
  });
}
