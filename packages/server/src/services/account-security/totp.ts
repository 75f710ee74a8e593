import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * RFC 6238 codes as every authenticator app reads them: SHA-1, 6 digits, 30-second steps.
 * A code of the step before or after the server's is accepted too (clocks drift); the
 * caller keeps the last accepted step, so each code works once.
 */
const PERIOD_S = 30;
const DIGITS = 6;
const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
  });

/** A new shared secret: 160 random bits, base32 (what apps take for manual entry). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/…` address an app reads from the QR code. */
export const otpauthUri = (secret: string, issuer: string, label: string): string =>
  totpOf(secret, issuer, label).toString();

/** The address as a QR code: an SVG drawn here (the secret never leaves the server otherwise). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Is `code` a 6-digit code (spaces allowed, as apps show "123 456")? Its digits, else null. */
export function totpDigits(code: string): string | null {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The code for `atMs` (tests, and nothing else, make codes). */
export const totpCodeAt = (secret: string, atMs: number): string =>
  totpOf(secret).generate({ timestamp: atMs });

/**
 * The time step `code` belongs to (the current one, or one either side), when it is a code
 * of `secret` and of a step after `lastStep`; otherwise null.
 */
export function acceptedStep(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  const digits = totpDigits(code);
  if (!digits) return null;
  const delta = totpOf(secret).validate({ token: digits, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
