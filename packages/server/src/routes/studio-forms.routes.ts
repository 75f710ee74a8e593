import {
  FIELD_PROPERTIES,
  FIELD_PROPERTY_KINDS,
  FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  type TemplateSchema,
} from '@store/api';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { createForm, deleteForm, getForm, listForms, updateForm } from '../services/forms/form-admin.service';
import { at, zodRoutes } from './api-schema';

/** The form block's type as spec §3 names it, by name or by its block code (form 9). */
const FORM_TEMPLATE_TYPES = new Set(['form', '9']);

/** The builder's schema: every field type with its editable properties (spec §3) and their kinds. */
function formTemplateSchema(): TemplateSchema {
  return {
    type: 'form',
    fieldTypes: FORM_FIELD_TYPES.map((type) => ({
      type,
      label: FIELD_TYPE_LABELS[type],
      properties: FIELD_PROPERTIES[type].map((name) => {
        const property = FIELD_PROPERTY_KINDS[name];
        if (!property) throw new Error(`no kind for form field property ${name}`);
        return { name, ...property };
      }),
    })),
  };
}

/**
 * The owner's forms (studio "Forms"): list, read, create, save, delete, and the template
 * schema the builder is driven by (spec §7). Owner-only; writes are crumb-protected and,
 * registered in the studio group, drop the cached pages that show the form.
 */
export async function studioFormRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // Before the schemas: a signed-out caller is told 401, not what its body got wrong.
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/forms'), async (request) => ({
    forms: await listForms(db, request.site.id),
  }));

  api.post(...at('POST /api/studio/forms'), async (request, reply) => {
    reply.status(201);
    return createForm(db, request.site.id, request.body);
  });

  api.get(...at('GET /api/studio/forms/:formId'), async (request) =>
    valueOrFail(await getForm(db, request.site.id, request.params.formId)),
  );

  api.put(...at('PUT /api/studio/forms/:formId'), async (request) =>
    valueOrFail(await updateForm(db, request.site.id, request.params.formId, request.body)),
  );

  api.delete(...at('DELETE /api/studio/forms/:formId'), async (request) => {
    valueOrFail(await deleteForm(db, request.site.id, request.params.formId));
    return { ok: true };
  });

  api.get(...at('GET /api/template/GetTemplateSchema'), async (request) => {
    if (!FORM_TEMPLATE_TYPES.has(request.query.type.toLowerCase()))
      throw new ApiError('NOT_FOUND', 'There is no template schema for this block type.');
    return formTemplateSchema();
  });
}
