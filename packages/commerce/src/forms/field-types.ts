/**
 * Field types of spec §3 "Form", in the order the form builder offers them: one list for the
 * API's form schemas, the server's stored form definitions and the form island.
 */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'number',
  'website',
  'currency',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'checkbox',
  'radio',
  'select',
  'likert',
  'section',
  'hidden',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
