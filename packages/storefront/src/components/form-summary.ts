import type { FormField } from './fields-form';

/** One answered field as a shopper reads it: the field's label and its answer. */
export interface AnswerLine {
  label: string;
  value: string;
}

/** Fields that carry no answer of their own (spec §3: section items are skipped on submit). */
const SKIPPED = new Set(['section', 'hidden']);

function answerText(type: string, raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  if (Array.isArray(raw)) {
    const parts = raw.map((p) => String(p ?? '').trim()).filter(Boolean);
    // A name reads "Ada Lovelace"; an address, a date or a list of choices reads with commas.
    return parts.join(type === 'name' ? ' ' : type === 'date' ? '/' : ', ');
  }
  if (typeof raw === 'object') {
    return Object.entries(raw as Record<string, unknown>)
      .map(([question, answer]) => `${question}: ${answerText('', answer)}`)
      .join('; ');
  }
  return String(raw).trim();
}

/**
 * The product summary form field display (spec §2, §3): every field of the product's form in
 * its order, labelled by its title (never its id), "N/A" (or the site's no-answer text) when
 * the shopper left it blank. Answers for fields the form no longer has are dropped.
 *
 * @example
 * summarizeAnswers([{ id: 'f', type: 'radio', title: 'Lettering' }], { f: 'Script' }, 'N/A');
 * // [{ label: 'Lettering', value: 'Script' }]
 */
export function summarizeAnswers(
  fields: readonly FormField[],
  values: Record<string, unknown>,
  noAnswerText: string,
): AnswerLine[] {
  return fields
    .filter((f) => !SKIPPED.has(f.type))
    .map((f) => ({ label: f.title, value: answerText(f.type, values[f.id]) || noAnswerText }));
}

/** Parse an entry's additionalFields JSON text; anything but an object gives {}. */
export function parseAnswers(raw: string | null | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
