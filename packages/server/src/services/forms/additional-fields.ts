import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { cartEntries, products } from '../../db/schema/index';
import { Rejection } from '../../reasons';
import { checkAnswers } from './form-answers';
import { findForm } from './forms.service';

type Db = Database | Tx;

/**
 * Check a cart line's additional fields against its product's form, with the rules and
 * messages the browser and the form endpoints use (`checkAnswers`): required fields,
 * offered choices only, value shapes and lengths. A product without a form takes none.
 * Returns the normalised answers to store (null when the product has no form); refusals are
 * thrown as a `Rejection`, for the cart's transaction to roll back and return as its reason.
 */
export async function checkAdditionalFields(
  db: Db,
  websiteId: string,
  formId: string | null | undefined,
  fields: Record<string, unknown> | null,
): Promise<Record<string, unknown> | null> {
  if (!formId) {
    if (fields && Object.keys(fields).length > 0) throw new Rejection('NO_ADDITIONAL_FIELDS');
    return null;
  }
  const form = await findForm(db as Database, websiteId, formId);
  // A product pointing at a missing form: nothing to check against, nothing to store.
  if (!form) return null;
  const checked = checkAnswers(form.definition.fields, fields ?? {});
  if (checked.ok) return checked.answers;
  if (checked.kind === 'shape') throw new Rejection('ADDITIONAL_FIELDS_UNPARSEABLE');
  throw new Rejection('ADDITIONAL_FIELDS_INVALID', undefined, undefined, { errors: checked.errors });
}

/** The form id of the product behind a cart entry (for updating its additional fields). */
export async function entryFormId(
  db: Db,
  cartId: string,
  entryId: string,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ formId: products.additionalFieldsFormId })
    .from(cartEntries)
    .leftJoin(products, eq(products.itemId, cartEntries.itemId))
    .where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cartId)))
    .limit(1);
  return row ? row.formId : undefined;
}
