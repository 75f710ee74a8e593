import { minorToDecimal, parseMoney } from '@store/commerce';

/**
 * The editor keeps prices as the text the owner typed (major units, "12.50"), so a half-typed
 * "12." is not rewritten under the cursor; these turn that text into integer minor units for
 * the API and back. The rules (digits per currency, limits) are the commerce package's.
 */
export function moneyText(minor: number, currency: string): string {
  return minorToDecimal(minor, currency);
}

/** Minor units of a typed amount, or the reason it is not one. Blank counts as zero. */
export function parseMoneyText(
  text: string,
  currency: string,
): { ok: true; minor: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, minor: 0 };
  const parsed = parseMoney(trimmed, currency);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  if (parsed.minor < 0) return { ok: false, message: 'Enter an amount of zero or more.' };
  return { ok: true, minor: parsed.minor };
}
