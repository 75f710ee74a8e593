import type { Formatter } from '../../plugin-api';
import { toStr } from '../../values';
import { prop } from './node-path';

/** Half of the brightest 24-bit colour: above it a colour counts as light. */
const HALF_BRIGHT = Math.floor(0xffffff / 2);

/** `color-weight`: `light` or `dark` for a 3- or 6-digit hex colour; missing when invalid. */
export const colorWeight: Formatter = (value) => {
  let hex = toStr(value).replace(/^#/, '');
  if (hex.length === 3) hex = hex.replace(/./g, (c) => c + c);
  // Like the reference, 4- and 5-digit values are read as plain hex numbers.
  if (!/^[0-9a-f]{3,6}$/i.test(hex)) return undefined;
  return Number.parseInt(hex, 16) > HALF_BRIGHT ? 'light' : 'dark';
};

/** Two decimals at most, printed the short JavaScript way (`0.96`, `30`). */
const short = (n: number): string => String(Math.round(n * 100) / 100);

/** Missing stays missing; strings parse as floats, booleans 1/0, other values 0 (reference conversions). */
const numberAt = (value: unknown, key: string): number | undefined => {
  const v = prop(value, key);
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number.parseFloat(v);
  return typeof v === 'boolean' ? (v ? 1 : 0) : 0;
};

/** Outside [0, 1] or not a number at all (the saturation and lightness test). */
const badFraction = (n: number) => !(n >= 0 && n <= 1);

/**
 * `website-color`: CSS `hsl()`/`hsla()` from hue (0–360) and saturation, lightness, alpha
 * fractions (0–1); out-of-range fields are reported instead of producing bad CSS. Like the
 * reference, an unreadable hue or alpha is not reported (it prints as NaN), and every
 * message but the alpha one keeps a trailing space.
 */
export const websiteColor: Formatter = (value) => {
  const h = numberAt(value, 'hue');
  const s = numberAt(value, 'saturation');
  const l = numberAt(value, 'lightness');
  const a = numberAt(value, 'alpha');
  if (h === undefined || s === undefined || l === undefined) return 'Missing an H/S/L value.';
  let errors = '';
  if (h < 0 || h > 360) errors += 'Hue out of bounds. ';
  if (badFraction(s)) errors += 'Saturation out of bounds. ';
  if (badFraction(l)) errors += 'Lightness out of bounds. ';
  if (a !== undefined && (a < 0 || a > 1)) errors += 'Alpha out of bounds.';
  if (errors !== '') return errors;
  const hsl = `${short(h)}, ${short(s * 100)}%, ${short(l * 100)}%`;
  return a === undefined ? `hsl(${hsl})` : `hsla(${hsl}, ${short(a)})`;
};
