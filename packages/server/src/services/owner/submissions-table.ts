import { type SQL, and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { formSubmissions, forms } from '../../db/schema/index';
import { defaultLocalizedStrings } from '../languages/localized-strings';
import type { StoredForm } from '../forms/forms.service';
import { answerCell } from './submission-cells';
import { CSV_BATCH, keysetBatches } from './csv';
import { olderThan } from './cursor';

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

/** The export's header: when each was submitted, then the form's field labels. */
export function submissionCsvHeader(form: StoredForm): string[] {
  return ['Submitted', ...tableFields(form).map((f) => f.title)];
}

/** One row per submission (newest first) with its date, in batches of CSV_BATCH. */
export async function* submissionCsvBatches(
  db: Database,
  websiteId: string,
  form: StoredForm,
  q?: string,
): AsyncGenerator<string[][]> {
  const fields = tableFields(form);
  const empty = noAnswerText();
  const batches = keysetBatches(
    (after) =>
      db
        .select({
          id: formSubmissions.id,
          answers: formSubmissions.answers,
          createdAt: formSubmissions.createdAt,
          cursorAt: sql<string>`${formSubmissions.createdAt}::text`,
        })
        .from(formSubmissions)
        .where(and(submissionsWhere(websiteId, form.id, q), olderThan(formSubmissions, after)))
        .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
        .limit(CSV_BATCH),
    (r) => [r.cursorAt, r.id],
  );
  for await (const rows of batches)
    yield rows.map((r) => [r.createdAt.toISOString(), ...cellsOf(fields, r.answers, empty)]);
}
