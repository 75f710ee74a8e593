import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { formSubmissionKeys, formSubmissions, forms, websites } from '../../db/schema/index';
import { theRow } from '../../db/rows';
import type { CaptchaProvider } from '../captcha/captcha-provider';
import { enqueueEmail } from '../email/email-outbox';
import { formOptIn } from '../lists/opt-ins';
import { siteBaseUrl } from '../site-base-url';
import { type Answer, checkAnswers } from './form-answers';
import { type FormDefinition, type FormField, MULTI_PART, formDefinitionSchema } from './form-definition';
import { queueWebhookEvent } from '../webhooks/webhook-events';

export const SUBMISSION_KEY_TTL_MS = 30 * 60_000;

export interface StoredForm {
  id: string;
  websiteId: string;
  name: string;
  definition: FormDefinition;
  notificationEmail: string | null;
}

/** The form with this id on this website, or null (also when its definition is unusable). */
export async function findForm(db: Database, websiteId: string, formId: string): Promise<StoredForm | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(formId)) return null;
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.websiteId, websiteId)))
    .limit(1);
  if (!row) return null;
  const definition = formDefinitionSchema.safeParse(row.definition);
  return definition.success ? { ...row, definition: definition.data } : null;
}

/** Issue a single-use key, valid for 30 minutes. Old keys are swept now and then. */
export async function issueSubmissionKey(db: Database, websiteId: string): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await db
    .insert(formSubmissionKeys)
    .values({ key, websiteId, expiresAt: new Date(Date.now() + SUBMISSION_KEY_TTL_MS) });
  if (Math.random() < 0.02) {
    await db
      .delete(formSubmissionKeys)
      .where(lt(formSubmissionKeys.expiresAt, new Date(Date.now() - 86_400_000)));
  }
  return key;
}

export type SaveResult =
  | { ok: true; submissionId: string }
  | { ok: false; code: 'FIELDS'; errors: Record<string, string> }
  | { ok: false; code: 'SHAPE' | 'KEY' | 'CAPTCHA_MISSING' | 'CAPTCHA' };

/**
 * Store a submission. Key consumption, captcha consumption, the submission row and the
 * notification mail commit together: a reused key or captcha solution stores nothing,
 * and a successful return means the submission is committed.
 */
export async function saveSubmission(
  db: Database,
  captcha: CaptchaProvider,
  input: {
    form: StoredForm;
    values: unknown;
    key: string;
    captchaKey?: string;
    page: Record<string, unknown>;
  },
): Promise<SaveResult> {
  const { form } = input;
  const checked = checkAnswers(form.definition.fields, input.values);
  if (!checked.ok)
    return checked.kind === 'shape'
      ? { ok: false, code: 'SHAPE' }
      : { ok: false, code: 'FIELDS', errors: checked.errors };
  if (form.definition.captchaEnabled && !input.captchaKey) return { ok: false, code: 'CAPTCHA_MISSING' };

  class Refused extends Error {
    constructor(readonly code: 'KEY' | 'CAPTCHA') {
      super(code);
    }
  }
  try {
    const saved = await db.transaction(async (tx) => {
      const used = await tx
        .update(formSubmissionKeys)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(formSubmissionKeys.key, input.key),
            eq(formSubmissionKeys.websiteId, form.websiteId),
            isNull(formSubmissionKeys.usedAt),
            gt(formSubmissionKeys.expiresAt, new Date()),
          ),
        )
        .returning({ key: formSubmissionKeys.key });
      if (used.length !== 1) throw new Refused('KEY');
      if (
        form.definition.captchaEnabled &&
        !(await captcha.consume(tx, form.websiteId, input.captchaKey ?? ''))
      ) {
        throw new Refused('CAPTCHA');
      }
      const row = theRow(
        await tx
          .insert(formSubmissions)
          .values({ websiteId: form.websiteId, formId: form.id, answers: checked.answers, page: input.page })
          .returning({ id: formSubmissions.id }),
        'insert into form_submissions',
      );
      if (form.notificationEmail) {
        const [site] = await tx
          .select({ baseUrl: websites.baseUrl, hosts: websites.hosts })
          .from(websites)
          .where(eq(websites.id, form.websiteId));
        await enqueueEmail(tx, {
          websiteId: form.websiteId,
          kind: 'form-submission',
          to: form.notificationEmail,
          subject: `New submission: ${form.name}`,
          text: submissionText(
            form.definition.fields,
            checked.answers,
            input.page,
            site && siteBaseUrl(site),
          ),
        });
      }
      await queueWebhookEvent(tx, form.websiteId, 'form.submitted', () => ({
        object: 'form_submission',
        id: row.id,
        formId: form.id,
        formName: form.name,
        answers: checked.answers,
        page: input.page ?? null,
      }));
      return { ok: true as const, submissionId: row.id };
    });
    // A ticked opt-in box joins the form's mailing list (services/lists/opt-ins.ts).
    await formOptIn(db, form, checked.answers);
    return saved;
  } catch (error) {
    if (error instanceof Refused) return { ok: false, code: error.code };
    throw error;
  }
}

/** Plain-text rendering for the notification mail (text only: nothing submitted can run). */
export function submissionText(
  fields: FormField[],
  answers: Record<string, Answer>,
  page: Record<string, unknown>,
  origin?: string,
): string {
  const lines: string[] = [];
  for (const field of fields) {
    if (field.type === 'section' || field.type === 'password') continue;
    const value = answers[field.id];
    let shown: string;
    if (Array.isArray(value)) {
      const labels = MULTI_PART[field.type];
      shown = labels ? value.filter((v) => v.trim()).join(' ') : value.join(', ');
    } else if (value && typeof value === 'object') {
      shown = Object.entries(value)
        .map(([q, a]) => `${q}: ${a}`)
        .join('; ');
    } else shown = value ?? '';
    lines.push(`${field.title || field.id}: ${shown.trim() || 'N/A'}`);
  }
  // The page and the studio's list as links under the site's public address (a path only
  // when it is one of the site's own: the page fields come from the visitor's browser).
  const path = typeof page.pagePath === 'string' ? page.pagePath : null;
  const ownPath = path && /^\/(?!\/)[^\s]*$/.test(path) ? path : null;
  if (path) lines.push('', `Sent from ${origin && ownPath ? `${origin}${ownPath}` : path}`);
  if (origin) lines.push('', `All submissions: ${origin}/config/forms/submissions`);
  return lines.join('\n');
}
