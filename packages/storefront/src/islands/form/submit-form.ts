import { ApiFailure, api } from '../../api';
import type { FormProps, Values } from './form-types';
import { MESSAGES, localMessage } from './messages';

export type SubmitOutcome =
  | { ok: true }
  | { ok: false; message: string; errors?: Record<string, string>; captcha?: boolean };

function failure(error: unknown): SubmitOutcome {
  if (!(error instanceof ApiFailure)) return { ok: false, message: MESSAGES.unknown };
  // A 400's per-field messages travel in the error body's `errors` map.
  const errors = error.body.errors as Record<string, string> | undefined;
  if (error.status === 400 && errors && Object.keys(errors).length > 0)
    return {
      ok: false,
      message: MESSAGES.invalid,
      errors: Object.fromEntries(Object.entries(errors).map(([id, text]) => [id, localMessage(text)])),
    };
  if (error.code === 'CAPTCHA_FAILED' || error.code === 'CAPTCHA_REQUIRED')
    return { ok: false, message: error.message, captcha: true };
  const byStatus = MESSAGES.byStatus[error.status];
  if (byStatus) return { ok: false, message: byStatus };
  return { ok: false, message: error.message ? localMessage(error.message) : MESSAGES.unknown };
}

/** Server validation (spec §4: after client validation, before submitting). */
export async function validateOnServer(form: FormProps, values: Values): Promise<SubmitOutcome> {
  try {
    await api('POST /api/rest/forms/validate/:formId', { params: { formId: form.id }, body: values });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/** Get a single-use key, then send the submission payload of spec §3. */
export async function submitForm(
  form: FormProps,
  values: Values,
  captchaKey: string | null,
): Promise<SubmitOutcome> {
  let key: string;
  try {
    key = (await api('POST /api/form/FormSubmissionKey')).key;
  } catch {
    return { ok: false, message: MESSAGES.noKey };
  }
  const page = document.querySelector<HTMLElement>('[data-page-id]');
  try {
    await api('POST /api/form/SaveFormSubmission', {
      body: {
        formId: form.id,
        form: JSON.stringify(values),
        key,
        ...(captchaKey ? { captchaKey } : {}),
        pageTitle: document.title.slice(0, 512),
        pageId: page?.dataset.pageId?.slice(0, 64),
        contentSource: page?.dataset.contentSource === 'i' ? 'i' : 'c',
        pagePath: location.pathname.slice(0, 2048),
      },
    });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}
