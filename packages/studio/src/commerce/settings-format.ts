import type { ShippingBody, ShippingRow } from './settings-api';

/** "8.875" % → 888 basis points (two decimals kept: the rule stores basis points); null when not a rate. */
export function rateToBasisPoints(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 825 basis points → "8.25"; 800 → "8"; 850 → "8.5". */
export const percent = (bp: number) =>
  `${Math.trunc(bp / 100)}${
    bp % 100
      ? `.${String(bp % 100)
          .padStart(2, '0')
          .replace(/0$/, '')}`
      : ''
  }`;

/** Zones typed as "US-NY, CA, GB": a country, optionally "-" and a region; blank ships everywhere. */
export function parseZones(text: string): ShippingBody['zones'] {
  return text
    .split(',')
    .map((z) => z.trim())
    .filter(Boolean)
    .map((z) => {
      const [country = '', ...region] = z.split('-');
      const r = region.join('-').trim();
      return r
        ? { country: country.trim().toUpperCase(), region: r.toUpperCase() }
        : { country: country.trim().toUpperCase() };
    });
}

export const zonesText = (zones: ShippingRow['zones']) =>
  zones.map((z) => (z.region ? `${z.country}-${z.region}` : z.country)).join(', ');

/** The first message for a field or anything under it (`zones` → `zones.2.region`). */
export const firstError = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];

/** ISO ↔ the value of a date-time-local input (the owner's local time). */
export const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const fromLocal = (text: string) => (text ? new Date(text).toISOString() : null);
