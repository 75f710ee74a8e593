import type { FormBody, FormFieldInput, StudioForm, StudioFormSummary, TemplateSchema } from '@store/api';
import { ApiFailure, call } from '../api';

export type { FormBody, FormFieldInput, StudioForm, StudioFormSummary, TemplateSchema };
export type FieldTypeSchema = TemplateSchema['fieldTypes'][number];

export const formPaths = {
  list: '/config/forms/forms',
  form: (id: string) => `/config/forms/forms/${encodeURIComponent(id)}`,
};

/** The API's per-field messages (keyed by path, e.g. `definition.fields.2.options`). */
export function fieldErrors(failure: unknown): Record<string, string> {
  if (!(failure instanceof ApiFailure)) return {};
  const errors = failure.body.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

export const failureMessage = (failure: unknown) =>
  failure instanceof ApiFailure ? failure.message : 'Something went wrong';

let schema: Promise<TemplateSchema> | null = null;

export const formsApi = {
  list: () => call('GET /api/studio/forms'),
  get: (formId: string) => call('GET /api/studio/forms/:formId', { params: { formId } }),
  create: (body: FormBody) => call('POST /api/studio/forms', { body }),
  save: (formId: string, body: FormBody) =>
    call('PUT /api/studio/forms/:formId', { params: { formId }, body }),
  remove: (formId: string) => call('DELETE /api/studio/forms/:formId', { params: { formId } }),
  /** The builder's property lists come from the server (spec §7); asked once per session. */
  templateSchema: () => {
    schema ??= call('GET /api/template/GetTemplateSchema', { query: { type: 'form' } }).catch((e) => {
      schema = null;
      throw e;
    });
    return schema;
  },
};
