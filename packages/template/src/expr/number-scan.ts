/** Character scanners shared by the tokenizer and the string-to-number conversion. */

const isHex = (c: string | undefined) =>
  c !== undefined && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));

export function hexEnd(s: string, i: number, len: number): number {
  let j = i;
  while (j < len && isHex(s[j])) j++;
  return j;
}

/** End of a decimal number starting at i, or -2/-3/-4 for the three malformed cases. */
export function decimalEnd(s: string, i: number, len: number): number {
  let j = i;
  let dot = false;
  let exp = false;
  let expDigit = false;
  let expSign = false;
  while (j < len) {
    const c = s[j] as string;
    if (c === '.') {
      if (dot) return -3;
      if (exp) return -4;
      dot = true;
    } else if (c === 'e' || c === 'E') {
      if (exp) break;
      exp = true;
      expDigit = true;
    } else if (c === '-' || c === '+') {
      if (!expDigit || !exp || expSign) break;
      expSign = true;
    } else if (c >= '0' && c <= '9') {
      expDigit = false;
    } else break;
    j++;
  }
  return expDigit ? -2 : j;
}
