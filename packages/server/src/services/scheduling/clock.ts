import { createHash, randomBytes } from 'node:crypto';
import { DateTime, IANAZone } from 'luxon';

/** "HH:MM" (or "24:00") → minutes of the day. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Minutes of the day → "HH:MM" ("24:00" for 1440). */
export function hhmmOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Is `zone` an IANA time zone luxon (and Intl) knows? */
export function isTimeZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

/** The site's zone, or UTC when the stored name is not one (never throws at a visitor). */
export function usableZone(zone: string | null | undefined): string {
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/**
 * The instant of `minutes` past midnight on the local calendar date `date` in `zone`: 09:00
 * stays 09:00 local whatever the UTC offset that day. A wall time skipped by a spring-forward
 * change moves forward by the gap (luxon's rule); 24:00 is the next day's midnight.
 */
export function localInstant(date: DateTime, minutes: number): DateTime {
  if (minutes >= 1440) return date.startOf('day').plus({ days: 1 });
  return date.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 });
}

/**
 * Wall clock → instant in `zone` without building a DateTime per slot (luxon's own rule: the
 * offset is guessed, checked, corrected; a wall time skipped by a spring-forward change moves
 * forward by the gap; a repeated one takes the earlier instant). `wall` is the local date and
 * time written as if it were UTC (Date.UTC of the local fields). A month's free times call it
 * a few times per day instead of once per start (bench/scheduling).
 */
export function wallClock(zone: string): (wall: number) => number {
  const tz = IANAZone.create(zone);
  const offset = (ts: number) => tz.offset(ts) * 60_000;
  return (wall) => {
    // The guess is the offset in force a day before (as luxon starts from the day's offset):
    // a repeated wall time then resolves to its earlier instant.
    const o = offset(wall - 86_400_000);
    let guess = wall - o;
    const o2 = offset(guess);
    if (o === o2) return guess;
    guess -= o2 - o;
    const o3 = offset(guess);
    if (o2 === o3) return guess;
    return wall - Math.min(o2, o3);
  };
}

/** A manage-link secret and the hash that is stored (the secret itself never is). */
export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Minutes a paid booking's time is held while the visitor pays. */
export const PAYMENT_HOLD_MINUTES = 15;
