import { FIELD_PROPERTIES, type FormBody, type StudioForm, type StudioFormSummary } from '@store/api';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { formSubmissions, forms } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { cleanFormHtml } from '../html/clean-content';
import { notifySiteChanged } from '../studio/site-changed';
import { type FormDefinition, type FormField, formDefinitionSchema } from './form-definition';

type Row = typeof forms.$inferSelect;

/**
 * Keep only the properties spec §3 lets the field's type edit (a field switched from
 * currency to text drops its symbol), then parse with the shape the visitor side reads,
 * so a saved definition is always one the form island and the submit path accept.
 */
function storedDefinition(input: FormBody['definition']): FormDefinition {
  const fields = input.fields.map((field) => {
    const allowed = new Set(['id', 'type', ...FIELD_PROPERTIES[field.type]]);
    return Object.fromEntries(
      Object.entries(field).filter(([key, value]) => allowed.has(key) && value !== undefined),
    ) as FormField;
  });
  return formDefinitionSchema.parse(cleanFormHtml({ ...input, fields }));
}

function toStudio(row: Row): StudioForm {
  const parsed = formDefinitionSchema.safeParse(row.definition);
  // A definition written by hand that no longer parses opens as an empty form, not a 500.
  const definition = parsed.success ? parsed.data : formDefinitionSchema.parse({ fields: [] });
  return {
    id: row.id,
    name: row.name,
    notificationEmail: row.notificationEmail,
    definition,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listForms(db: Database, websiteId: string): Promise<StudioFormSummary[]> {
  const rows = await db
    .select()
    .from(forms)
    .where(eq(forms.websiteId, websiteId))
    .orderBy(asc(forms.createdAt), asc(forms.name));
  const counts = await db
    .select({ formId: formSubmissions.formId, n: count() })
    .from(formSubmissions)
    .where(eq(formSubmissions.websiteId, websiteId))
    .groupBy(formSubmissions.formId);
  const byForm = new Map(counts.map((c) => [c.formId, Number(c.n)]));
  return rows.map((row) => {
    const fields = (row.definition as { fields?: unknown[] }).fields;
    return {
      id: row.id,
      name: row.name,
      fieldCount: Array.isArray(fields) ? fields.length : 0,
      submissionCount: byForm.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function getForm(db: Database, websiteId: string, formId: string): Promise<Outcome<StudioForm>> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.websiteId, websiteId)))
    .limit(1);
  if (!row) return { ok: false, reason: 'FORM_NOT_FOUND' };
  return { ok: true, value: toStudio(row) };
}

const columns = (body: FormBody) => ({
  name: body.name.trim(),
  notificationEmail: body.notificationEmail?.trim() || null,
  definition: storedDefinition(body.definition) as unknown as Record<string, unknown>,
});

export async function createForm(db: Database, websiteId: string, body: FormBody): Promise<StudioForm> {
  return db.transaction(async (tx) => {
    const row = theRow(
      await tx
        .insert(forms)
        .values({ websiteId, ...columns(body) })
        .returning(),
      'insert into forms',
    );
    return toStudio(row);
  });
}

/** Pages that show the form render its definition: every process drops its cached pages. */
export async function updateForm(
  db: Database,
  websiteId: string,
  formId: string,
  body: FormBody,
): Promise<Outcome<StudioForm>> {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(forms)
        .set(columns(body))
        .where(and(eq(forms.id, formId), eq(forms.websiteId, websiteId)))
        .returning();
      if (!row) throw new Rejection('FORM_NOT_FOUND');
      await notifySiteChanged(tx, websiteId);
      return toStudio(row);
    }),
  );
}

/** Submissions go with the form (foreign key cascade); a page block pointing at it shows nothing. */
export async function deleteForm(db: Database, websiteId: string, formId: string): Promise<Outcome<void>> {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const gone = await tx
        .delete(forms)
        .where(and(eq(forms.id, formId), eq(forms.websiteId, websiteId)))
        .returning({ id: forms.id });
      if (gone.length === 0) throw new Rejection('FORM_NOT_FOUND');
      await notifySiteChanged(tx, websiteId);
    }),
  );
}
