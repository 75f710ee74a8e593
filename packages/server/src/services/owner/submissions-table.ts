import { type SQL, and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { formSubmissions, forms } from '../../db/schema/index';
import { defaultLocalizedStrings } from '../../pages/localized-strings';
import type { StoredForm } from '../forms/forms.service';
import { answerCell } from './submission-cells';

/** The most rows one CSV export holds (a bigger form is exported by searching in parts). */
export const CSV_MAX_ROWS = 50_000;

/** Spec §3: an empty answer reads "N/A" or the configured no-answer text (localized string). */
export function noAnswerText(): string {
  return defaultLocalizedStrings.productSummaryFormNoAnswerText || 'N/A';
}

/** The columns of a form's table: every field that carries an answer (sections do not). */
export function tableFields(form: StoredForm) {
  return form.definition.fields
    .filter((f) => f.type !== 'section')
    .map((f) => ({ id: f.id, title: f.title || f.id, type: f.type, options: f.options ?? [] }));
}

/** One submission's answers as text, one per column, in field order. */
export function cellsOf(
  fields: readonly { id: string; type: string; options: readonly string[] }[],
  answers: Record<string, unknown>,
  empty: string,
): string[] {
  return fields.map((f) => answerCell(f.type, answers[f.id], f.options) || empty);
}

/** ILIKE pattern for "contains q": the wildcard characters in q match themselves. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Submissions of one form, optionally only those with `q` in any answer: every string
 * inside the answers JSON (sub-values, checked choices, likert answers) is compared, never
 * the field ids that key it.
 */
export function submissionsWhere(websiteId: string, formId: string, q?: string): SQL | undefined {
  return and(
    eq(formSubmissions.websiteId, websiteId),
    eq(formSubmissions.formId, formId),
    q
      ? sql`exists (select 1 from jsonb_path_query(${formSubmissions.answers}, 'strict $.**') as v(x)
          where jsonb_typeof(v.x) = 'string' and (v.x #>> '{}') ilike ${containsPattern(q)})`
      : undefined,
  );
}

/** The site's forms with their submission counts, by name (the Submissions screen's picker). */
export async function formsWithCounts(db: Database, websiteId: string) {
  const rows = await db
    .select({ id: forms.id, name: forms.name, submissions: count(formSubmissions.id) })
    .from(forms)
    .leftJoin(formSubmissions, eq(formSubmissions.formId, forms.id))
    .where(eq(forms.websiteId, websiteId))
    .groupBy(forms.id, forms.name)
    .orderBy(forms.name, forms.id);
  return rows.map((r) => ({ ...r, submissions: Number(r.submissions) }));
}

/** Delete the given submissions of one form (ids of other forms or sites are ignored). */
export async function deleteSubmissions(
  db: Database,
  websiteId: string,
  formId: string,
  ids: readonly string[],
): Promise<number> {
  const deleted = await db
    .delete(formSubmissions)
    .where(and(submissionsWhere(websiteId, formId), inArray(formSubmissions.id, [...ids])))
    .returning({ id: formSubmissions.id });
  return deleted.length;
}

/** Header row of labels, then one row per submission (newest first) with its date. */
export async function submissionRows(
  db: Database,
  websiteId: string,
  form: StoredForm,
  q?: string,
): Promise<string[][]> {
  const fields = tableFields(form);
  const empty = noAnswerText();
  const rows = await db
    .select({ answers: formSubmissions.answers, createdAt: formSubmissions.createdAt })
    .from(formSubmissions)
    .where(submissionsWhere(websiteId, form.id, q))
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(CSV_MAX_ROWS);
  return [
    ['Submitted', ...fields.map((f) => f.title)],
    ...rows.map((r) => [r.createdAt.toISOString(), ...cellsOf(fields, r.answers, empty)]),
  ];
}
