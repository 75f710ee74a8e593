/**
 * Quantity text a visitor can type: decimal digits, optionally signed, optionally with a
 * decimal fraction ("2", "1.5", "-1" — the last two are refused later with their own
 * messages). Not hex ("0x10"), exponents ("1e3"), padding (" 2 ") or anything else
 * `Number()` would quietly accept.
 *
 * @example
 * isDecimalQuantityText('12');   // true
 * isDecimalQuantityText('0x10'); // false
 */
export function isDecimalQuantityText(text: string): boolean {
  return /^-?[0-9]{1,15}(\.[0-9]{1,15})?$/.test(text);
}
