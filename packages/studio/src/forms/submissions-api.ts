import type { ApiOutput } from '@store/api/client';
import { ApiFailure, NETWORK_ERROR, call } from '../api';

export type FormSummary = ApiOutput<'GET /api/owner/forms'>['forms'][number];
export type SubmissionsPage = ApiOutput<'GET /api/owner/forms/:formId/submissions'>;
export type Submission = SubmissionsPage['submissions'][number] & { createdAt?: string };

export const submissionsPath = (formId?: string) =>
  formId ? `/config/forms/submissions/${encodeURIComponent(formId)}` : '/config/forms/submissions';

/** The CSV download is a plain link: a GET with the session cookie, saved by the browser. */
export const submissionsCsvUrl = (formId: string, q?: string) =>
  `/api/owner/forms/${encodeURIComponent(formId)}/submissions.csv${q ? `?q=${encodeURIComponent(q)}` : ''}`;

/** The server's message for a failed call (it already says what went wrong). */
export function failureMessage(error: unknown): string {
  return error instanceof ApiFailure ? error.message : NETWORK_ERROR;
}

export const dateText = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';

export const submissionsApi = {
  forms: () => call('GET /api/owner/forms'),
  list: (formId: string, query: { q?: string; cursor?: string }) =>
    call('GET /api/owner/forms/:formId/submissions', { params: { formId }, query }),
  remove: (formId: string, ids: string[]) =>
    call('DELETE /api/owner/forms/:formId/submissions', { params: { formId }, body: { ids } }),
};
