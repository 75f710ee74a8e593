import { isEmailAddress } from '@store/commerce';
import { z } from 'zod';
import { type FormField, LIKERT_LABELS, MULTI_PART } from './form-definition';
import { FORM_MESSAGES } from './form-messages';
import { typeRuleFailure } from './form-validation';

const MAX_TEXT = 10_000;
const MAX_PART = 256;

export type Answer = string | string[] | Record<string, string>;
export type AnswerCheck =
  | { ok: true; answers: Record<string, Answer> }
  | { ok: false; kind: 'fields'; errors: Record<string, string> }
  | { ok: false; kind: 'shape' };

const str = z.string().max(MAX_TEXT);
const parts = (n: number) => z.array(z.string().max(MAX_PART)).min(n).max(n);
const list = z.array(z.string().max(MAX_PART)).max(200);
const likert = z.record(z.string().max(MAX_PART), z.string().max(64));

/** The wire shape of a field's value (spec §3 "Value shapes"), before any rule is checked. */
function shapeOf(field: FormField): z.ZodType<Answer> {
  const n = MULTI_PART[field.type]?.length;
  if (field.type === 'phone') return z.union([parts(3), parts(4)]);
  if (n) return parts(n);
  if (field.type === 'checkbox') return list;
  if (field.type === 'likert') return likert;
  return str;
}

function isEmpty(value: Answer | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((v) => v.trim() === '');
  return Object.keys(value).length === 0;
}

/**
 * Check submitted values against a form definition. A value of the wrong shape, an
 * unknown field id or a choice that is not offered is a malformed request (`shape`);
 * rule failures are per-field messages (spec §5). Section fields are skipped. Returns
 * normalised answers (phone padded to four parts, hidden values kept as sent).
 */
export function checkAnswers(fields: FormField[], raw: unknown): AnswerCheck {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, kind: 'shape' };
  const values = raw as Record<string, unknown>;
  const byId = new Map(fields.map((f) => [f.id, f]));
  for (const id of Object.keys(values)) if (!byId.has(id)) return { ok: false, kind: 'shape' };

  const answers: Record<string, Answer> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    let value: Answer | undefined;
    if (values[field.id] !== undefined && values[field.id] !== null) {
      const parsed = shapeOf(field).safeParse(values[field.id]);
      if (!parsed.success) return { ok: false, kind: 'shape' };
      value = parsed.data;
    }
    if (field.type === 'phone' && Array.isArray(value) && value.length === 3) value = ['', ...value];
    if (!offered(field, value)) return { ok: false, kind: 'shape' };
    if (isEmpty(value)) {
      if (field.required && field.type !== 'hidden') errors[field.id] = FORM_MESSAGES.required;
      answers[field.id] = value ?? '';
      continue;
    }
    const message = ruleFailure(field, value as Answer);
    if (message) errors[field.id] = message;
    answers[field.id] = value as Answer;
  }
  if (Object.keys(errors).length > 0) return { ok: false, kind: 'fields', errors };
  return { ok: true, answers };
}

/** Choices must be among the field's options (a forged value is not a typo). */
function offered(field: FormField, value: Answer | undefined): boolean {
  if (value === undefined || isEmpty(value)) return true;
  const options = new Set(field.options ?? []);
  switch (field.type) {
    case 'radio':
    case 'select':
      return options.has(value as string);
    case 'checkbox':
      return (value as string[]).every((v) => options.has(v));
    case 'likert':
      return Object.entries(value as Record<string, string>).every(
        ([q, a]) => options.has(q) && (LIKERT_LABELS as readonly string[]).includes(a),
      );
    default:
      return true;
  }
}

function ruleFailure(field: FormField, value: Answer): string | undefined {
  if (field.type === 'email' && !(typeof value === 'string' && isEmailAddress(value)))
    return FORM_MESSAGES.email;
  if (
    field.type === 'textarea' &&
    field.maxLength &&
    typeof value === 'string' &&
    [...value].length > field.maxLength
  )
    return FORM_MESSAGES.characterLimit;
  return typeRuleFailure(field, value);
}
