import { ApiFailure, api } from '../../api';
import { cookie } from '../../cookies';
import type { FormProps, Values } from './form-types';
import { MESSAGES } from './messages';

export type SubmitOutcome =
  | { ok: true }
  | { ok: false; message: string; errors?: Record<string, string>; captcha?: boolean };

function failure(error: unknown): SubmitOutcome {
  if (!(error instanceof ApiFailure)) return { ok: false, message: MESSAGES.unknown };
  const errors = error instanceof FormFailure ? error.errors : undefined;
  if (error.status === 400 && errors && Object.keys(errors).length > 0)
    return { ok: false, message: MESSAGES.invalid, errors };
  if (error.code === 'CAPTCHA_FAILED' || error.code === 'CAPTCHA_REQUIRED')
    return { ok: false, message: error.message, captcha: true };
  const byStatus = MESSAGES.byStatus[error.status];
  if (byStatus) return { ok: false, message: byStatus };
  return { ok: false, message: error.message || MESSAGES.unknown };
}

/** A form failure: status, the error contract and the per-field `errors` map of a 400. */
class FormFailure extends ApiFailure {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(status, code, message);
  }
}

/** POST JSON with the crumb; keeps the whole error body (the shared api() keeps only code/message). */
async function post<T>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-csrf-token': cookie('crumb') ?? '',
      },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    throw new FormFailure(0, 'NETWORK', MESSAGES.unknown);
  }
  const json = (await res.json().catch(() => null)) as
    | (T & { error?: { code?: string; message?: string }; errors?: Record<string, string> })
    | null;
  if (!res.ok) {
    throw new FormFailure(
      res.status,
      json?.error?.code ?? `HTTP_${res.status}`,
      json?.error?.message ?? '',
      json?.errors,
    );
  }
  return json as T;
}

/** Server validation (spec §4: after client validation, before submitting). */
export async function validateOnServer(form: FormProps, values: Values): Promise<SubmitOutcome> {
  try {
    await post(`/api/rest/forms/validate/${encodeURIComponent(form.id)}`, values);
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
    key = (await api<{ key: string }>('POST', '/api/form/FormSubmissionKey', {})).key;
  } catch {
    return { ok: false, message: MESSAGES.noKey };
  }
  const page = document.querySelector<HTMLElement>('[data-page-id]');
  try {
    await post('/api/form/SaveFormSubmission', {
      formId: form.id,
      form: JSON.stringify(values),
      key,
      ...(captchaKey ? { captchaKey } : {}),
      pageTitle: document.title.slice(0, 512),
      pageId: page?.dataset.pageId?.slice(0, 64),
      contentSource: page?.dataset.contentSource === 'i' ? 'i' : 'c',
      pagePath: location.pathname.slice(0, 2048),
    });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}
