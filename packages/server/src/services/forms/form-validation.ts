import type { FormField } from './form-definition';

/**
 * Per-type answer rules checked on the server (the browser's checks can be skipped).
 * Spec §8 has editing strings for e-mail and links; the other texts say what is expected.
 */
export const FIELD_MESSAGES = {
  number: 'Please enter a valid number',
  website: 'Links must be formatted as example.com or https://example.com',
  currency: 'Please enter a valid amount',
  twitter: 'Please enter a valid Twitter handle, like @example',
  date: 'Please enter a valid date',
  time: 'Please enter a valid time',
  phone: 'Please enter a valid phone number',
} as const;

const NUMBER = /^[-+]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/;
const AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
/** A host with a dot (or an IP), optional port, path, query and fragment; http(s) or no scheme. */
const WEBSITE =
  /^(https?:\/\/)?([\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,63}(:\d{1,5})?([/?#][^\s]*)?$/iu;
const TWITTER = /^@?[A-Za-z0-9_]{1,15}$/;
const DIGITS = /^\d+$/;

function validDate(parts: string[]): boolean {
  const [m = '', d = '', y = ''] = parts.map((p) => p.trim());
  if (!DIGITS.test(m) || !DIGITS.test(d) || !/^\d{4}$/.test(y)) return false;
  const month = Number(m);
  const day = Number(d);
  const year = Number(y);
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (leap years included).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validTime(parts: string[]): boolean {
  const [h = '', m = '', s = '', ampm = ''] = parts.map((p) => p.trim());
  const twelveHour = ampm !== '';
  if (twelveHour && !/^(AM|PM)$/i.test(ampm)) return false;
  if (!DIGITS.test(h) || Number(h) > (twelveHour ? 12 : 23) || (twelveHour && Number(h) < 1)) return false;
  if (m !== '' && !(DIGITS.test(m) && Number(m) <= 59)) return false;
  if (s !== '' && !(DIGITS.test(s) && Number(s) <= 59)) return false;
  return true;
}

function validPhone(parts: string[]): boolean {
  // Parts may carry the separators people type; the rest must be digits, and some must be there.
  const cleaned = parts.map((p) =>
    p
      .trim()
      .replace(/^\+/, '')
      .replace(/[\s().-]/g, ''),
  );
  return cleaned.every((p) => p === '' || DIGITS.test(p)) && cleaned.join('').length >= 3;
}

/**
 * The rule a non-empty answer of this field breaks, or undefined. `value` already has the
 * field's wire shape (form-answers.ts checks shapes); e-mail and length rules live there.
 */
export function typeRuleFailure(
  field: FormField,
  value: string | string[] | Record<string, string>,
): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  const parts = Array.isArray(value) ? value : [];
  switch (field.type) {
    case 'number':
      return text === '' || NUMBER.test(text) ? undefined : FIELD_MESSAGES.number;
    case 'currency': {
      // The symbol the form shows may be typed along with the amount.
      const amount = field.currencySymbol ? text.replace(field.currencySymbol, '').trim() : text;
      return AMOUNT.test(amount) ? undefined : FIELD_MESSAGES.currency;
    }
    case 'website':
      return text.length < 2083 && WEBSITE.test(text) ? undefined : FIELD_MESSAGES.website;
    case 'twitter':
      return TWITTER.test(text) ? undefined : FIELD_MESSAGES.twitter;
    case 'date':
      return validDate(parts) ? undefined : FIELD_MESSAGES.date;
    case 'time':
      return validTime(parts) ? undefined : FIELD_MESSAGES.time;
    case 'phone':
      return validPhone(parts) ? undefined : FIELD_MESSAGES.phone;
    default:
      return undefined;
  }
}
