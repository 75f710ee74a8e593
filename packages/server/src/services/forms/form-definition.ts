import { FORM_FIELD_TYPES, type FormFieldType } from '@store/commerce';
import { z } from 'zod';

/** Field types of spec §3 "Form" (`@store/commerce`'s one list). */
export const FIELD_TYPES = FORM_FIELD_TYPES;
export type FieldType = FormFieldType;

/** Parts of multi-part answers (spec §3 "Form answer sub-values"), in submission order. */
export const MULTI_PART: Partial<Record<FieldType, readonly string[]>> = {
  name: ['First', 'Last'],
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute', 'Second', 'Ampm'],
  phone: ['Country', 'Areacode', 'Prefix', 'Line'],
};

export const LIKERT_LABELS = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'] as const;

const text = (max: number) => z.string().max(max);

/**
 * One field with every editable property of spec §3 (properties that do not apply to a
 * type are simply absent). Radio/checkbox/select options are the choices; likert options
 * are the statements, each answered on the five-point scale.
 */
export const fieldSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  type: z.enum(FIELD_TYPES),
  title: text(256).default(''),
  description: text(2000).optional(),
  placeholder: text(256).optional(),
  required: z.boolean().optional().default(false),
  /** textarea: character limit (0 or absent = none). */
  maxLength: z.number().int().min(0).max(100_000).optional(),
  /** currency */
  currencySymbol: text(8).optional(),
  /** phone */
  showCountryCode: z.boolean().optional(),
  /** section */
  underline: z.boolean().optional(),
  options: z.array(text(256)).max(200).optional(),
  /** hidden: query-string key and default value */
  key: text(128).optional(),
  value: text(2048).optional(),
});
export type FormField = z.infer<typeof fieldSchema>;

export const formDefinitionSchema = z.object({
  fields: z.array(fieldSchema).max(200),
  parsedSubmissionMessage: text(20_000).default(''),
  submissionHTML: text(50_000).default(''),
  successRedirect: text(2048).default(''),
  parsedDisclaimerMessage: text(20_000).default(''),
  captchaEnabled: z.boolean().default(false),
  captchaTheme: z.number().int().optional(),
  captchaAlignment: z.number().int().optional(),
});
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** The props of the 'form' island (the notification address is a separate column, never sent). */
export function formIslandProps(form: { id: string; name: string; definition: FormDefinition }) {
  const visible = form.definition;
  return {
    id: form.id,
    name: form.name,
    ...visible,
    fields: visible.fields.map((f) => (f.type === 'password' ? { ...f, value: undefined } : f)),
  };
}
