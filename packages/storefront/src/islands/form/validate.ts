import { isEmailAddress } from '@store/commerce';
import type { FieldValue, FormFieldDef, Values } from './form-types';
import { PART_LABELS } from './form-types';
import { MESSAGES } from './messages';

export function isEmpty(value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((v) => v.trim() === '');
  return Object.keys(value).length === 0;
}

/** A usable character limit: a positive whole number (0 or invalid disables the counter). */
export function limitOf(field: FormFieldDef): number | null {
  const max = field.maxLength;
  return typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : null;
}

export const charCount = (value: string) => [...value].length;

/** The message for one field, or null when it is valid (spec §5 "Forms"). */
export function fieldError(field: FormFieldDef, value: FieldValue | undefined): string | null {
  if (field.type === 'section' || field.type === 'hidden') return null;
  if (isEmpty(value)) return field.required ? MESSAGES.required : null;
  if (field.type === 'email' && !(typeof value === 'string' && isEmailAddress(value.trim())))
    return MESSAGES.email;
  const max = limitOf(field);
  if (max !== null && typeof value === 'string' && charCount(value) > max) return MESSAGES.characterLimit;
  return null;
}

export function validateAll(fields: FormFieldDef[], values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = fieldError(field, values[field.id]);
    if (message) errors[field.id] = message;
  }
  return errors;
}

/** The value a hidden field submits: the page query-string value when its key matches, else its own. */
export function hiddenValue(field: FormFieldDef, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [field.key, field.title]) if (name && params.has(name)) return params.get(name) ?? '';
  return field.value ?? '';
}

/** Initial values in the shapes the server expects (spec §3 "Value shapes"). */
export function initialValues(fields: FormFieldDef[], search: string): Values {
  const values: Values = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    const parts = PART_LABELS[field.type];
    if (field.type === 'phone') values[field.id] = Array(field.showCountryCode ? 4 : 3).fill('');
    else if (parts) values[field.id] = Array(parts.length).fill('');
    else if (field.type === 'checkbox') values[field.id] = [];
    else if (field.type === 'likert') values[field.id] = {};
    else if (field.type === 'hidden') values[field.id] = hiddenValue(field, search);
    else values[field.id] = '';
  }
  return values;
}
