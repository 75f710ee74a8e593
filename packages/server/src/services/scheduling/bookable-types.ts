import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { schedulingStaff, schedulingTypeStaff, schedulingTypes } from '../../db/schema/index';
import { formIslandProps } from '../forms/form-definition';
import { findForm } from '../forms/forms.service';

/** The questions of an intake form as the form island shows them (a password's value never leaves). */
async function intakeFields(db: Database, websiteId: string, formId: string | null) {
  if (!formId) return null;
  const form = await findForm(db, websiteId, formId);
  return form ? { fields: formIslandProps(form).fields } : null;
}

/** The site's active appointment types that active staff offer, each with those staff (for visitors). */
export async function bookableTypes(db: Database, websiteId: string) {
  const [types, staff] = await Promise.all([
    db
      .select()
      .from(schedulingTypes)
      .where(and(eq(schedulingTypes.websiteId, websiteId), eq(schedulingTypes.active, true)))
      .orderBy(asc(schedulingTypes.createdAt), asc(schedulingTypes.id)),
    db
      .select({ typeId: schedulingTypeStaff.typeId, id: schedulingStaff.id, name: schedulingStaff.name })
      .from(schedulingTypeStaff)
      .innerJoin(schedulingStaff, eq(schedulingStaff.id, schedulingTypeStaff.staffId))
      .where(and(eq(schedulingTypeStaff.websiteId, websiteId), eq(schedulingStaff.active, true)))
      .orderBy(asc(schedulingStaff.createdAt)),
  ]);
  const intake = new Map(
    await Promise.all(
      [...new Set(types.map((t) => t.intakeFormId).filter((id): id is string => id !== null))].map(
        async (id) => [id, await intakeFields(db, websiteId, id)] as const,
      ),
    ),
  );
  return types
    .map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      durationMinutes: t.durationMinutes,
      priceMinor: t.priceMinor,
      currency: t.currency,
      capacity: t.capacity,
      location: t.location,
      hasVideo: Boolean(t.videoUrl),
      intakeFormId: t.intakeFormId,
      intakeForm: t.intakeFormId ? (intake.get(t.intakeFormId) ?? null) : null,
      staff: staff.filter((s) => s.typeId === t.id).map((s) => ({ id: s.id, name: s.name })),
    }))
    .filter((t) => t.staff.length > 0);
}
