/**
 * The card form's typing rules, pure so they are tested without a browser: grouping the number
 * as it is typed, MM/YY, where the caret goes after a reformat, and the checks made before the
 * card is sent to be tokenized.
 */

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

// Only the form's own wording: the card's validity is worded by the tokenizer (the provider).
export const CARD_MESSAGES = {
  required: 'Required',
  expiryFormat: 'Enter the expiry date as MM/YY.',
} as const;

export const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** American Express numbers (34, 37) are 15 digits grouped 4-6-5; everything else 4-4-4-4(-3). */
const isAmex = (digits: string): boolean => /^3[47]/.test(digits);

export function cardNumberLength(digits: string): { min: number; max: number } {
  return isAmex(digits) ? { min: 15, max: 15 } : { min: 13, max: 19 };
}

/** "4242424242424242" → "4242 4242 4242 4242"; extra digits past the brand's longest are dropped. */
export function formatCardNumber(text: string): string {
  const all = digitsOf(text);
  const digits = all.slice(0, cardNumberLength(all).max);
  const groups = isAmex(digits)
    ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
    : (digits.match(/.{1,4}/g) ?? []);
  return groups.filter(Boolean).join(' ');
}

/**
 * "1" → "1", "4" → "04" (no month starts with 4), "122" → "12/2", "12/26" stays. The slash
 * appears only with the third digit, so backspacing over it never fights the formatter.
 */
export function formatExpiry(text: string): string {
  let digits = digitsOf(text);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export const formatCvc = (text: string): string => digitsOf(text).slice(0, 4);

/**
 * Where the caret goes after a reformat: just after the `digitsBefore`-th digit of the new
 * text (what the visitor typed before the caret, without the separators the formatter moved).
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted.charAt(i))) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/**
 * One edit of a formatted field: the new text and caret after reformatting what the visitor
 * typed. Deleting only a separator (the space or slash) deletes the digit beside it instead,
 * or the formatter would put the separator straight back and the key would seem dead.
 */
export function reformat(
  previous: string,
  typed: string,
  caret: number,
  format: (text: string) => string,
  deleting: 'backward' | 'forward' | null = null,
): { value: string; caret: number } {
  let digits = digitsOf(typed);
  let before = digitsOf(typed.slice(0, caret)).length;
  if (deleting && typed.length < previous.length && digits === digitsOf(previous)) {
    const at = deleting === 'backward' ? before - 1 : before;
    if (at >= 0 && at < digits.length) {
      digits = digits.slice(0, at) + digits.slice(at + 1);
      before = at;
    }
  }
  const value = format(digits);
  // A formatter that adds digits in front (expiry "4" → "04") moves the caret past them.
  const added = digitsOf(value).length - digits.length;
  return { value, caret: caretAfterDigits(value, before + Math.max(0, added)) };
}

/** "MM/YY" → month and four-digit year, or null when it is not a date of that shape. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: 2000 + Number(match[2]) };
}

/**
 * Field errors for the card form (empty when it may be tokenized): every field filled, the
 * expiry shaped MM/YY. Whether the card itself is good (checksum, expired, CVC) is the
 * tokenizer's answer, with the provider's own wording beside each field.
 */
export function validateCard(card: CardFields): CardErrors {
  const errors: CardErrors = {};
  if (!digitsOf(card.number)) errors.number = CARD_MESSAGES.required;
  if (!card.expiry.trim()) errors.expiry = CARD_MESSAGES.required;
  else if (!parseExpiry(card.expiry)) errors.expiry = CARD_MESSAGES.expiryFormat;
  if (!card.cvc.trim()) errors.cvc = CARD_MESSAGES.required;
  if (!card.name.trim()) errors.name = CARD_MESSAGES.required;
  return errors;
}
