import type { Formatter } from '../../plugin-api';
import { toNum, toStr } from '../../values';
import { prop } from '../content/node-path';

/** Google Calendar wants UTC instants as `YYYYMMDDTHHMMSSZ`; unusable dates read as the epoch. */
function utcStamp(ms: number): string {
  const date = new Date(ms);
  const safe = Number.isNaN(date.getTime()) ? new Date(0) : date;
  return safe
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');
}

const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'addressCountry'];

/**
 * The legacy `escape()` encoding the reference uses for the query values (`+` and `*`
 * stay, non-Latin-1 characters become `%uXXXX`); implemented here as `escape` is deprecated.
 */
export function legacyEscape(text: string): string {
  let out = '';
  for (const ch of text) {
    for (let i = 0; i < ch.length; i++) {
      const code = ch.charCodeAt(i);
      const unit = ch[i] ?? '';
      if (/[A-Za-z0-9@*_+\-./]/.test(unit)) out += unit;
      else if (code < 256) out += `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
      else out += `%u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    }
  }
  return out;
}

/** `google-calendar-url`: an "add to calendar" link for an event item. */
export const googleCalendarUrl: Formatter = (value) => {
  let url = 'http://www.google.com/calendar/event?action=TEMPLATE';
  url += `&text=${legacyEscape(toStr(prop(value, 'title')))}`;
  url += `&dates=${utcStamp(toNum(prop(value, 'startDate')))}/${utcStamp(toNum(prop(value, 'endDate')))}`;
  const location = prop(value, 'location');
  const parts = ADDRESS_FIELDS.map((f) => toStr(prop(location, f))).filter((p) => p !== '');
  // The reference encodes the location with encodeURIComponent, unlike the title.
  if (parts.length > 0) url += `&location=${encodeURIComponent(parts.join(', '))}`;
  return url;
};
