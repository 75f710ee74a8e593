import { type WallClock, wallClock } from './wall-clock';
import { dayOfYear, weekOfYear } from './week';
import { zoneAbbr } from './zone-abbr';

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function pad(value: number, width: number, fill = '0'): string {
  return String(value).padStart(width, fill);
}

function hour12(w: WallClock): number {
  const h = w.hour % 12;
  return h === 0 ? 12 : h;
}

/** Expand one conversion; unknown codes expand to nothing (as the reference does). */
function expand(code: string, w: WallClock): string {
  switch (code) {
    case 'a':
      return SHORT_DAYS[w.weekday] ?? '';
    case 'A':
      return LONG_DAYS[w.weekday] ?? '';
    case 'b':
    case 'h':
      return SHORT_MONTHS[w.month - 1] ?? '';
    case 'B':
      return LONG_MONTHS[w.month - 1] ?? '';
    case 'c':
      // The reference's "locale" date-time: day of month unpadded, 12-hour clock.
      return format(w, `%a, %b ${w.day}, %Y %i:%M:%S %p %Z`);
    case 'C':
      return pad(Math.trunc(w.year / 100), 2);
    case 'd':
      return pad(w.day, 2);
    case 'D':
      return format(w, '%m/%d/%y');
    case 'e':
      return pad(w.day, 2, ' ');
    case 'F':
      return format(w, '%Y-%m-%d');
    case 'g':
      return pad(weekOfYear(w.year, w.month, w.day, 1, 4).year % 100, 2);
    case 'G':
      return pad(weekOfYear(w.year, w.month, w.day, 1, 4).year, 4);
    case 'H':
      return pad(w.hour, 2);
    case 'i':
      return String(hour12(w));
    case 'I':
      return pad(hour12(w), 2);
    case 'j':
      return pad(dayOfYear(w.year, w.month, w.day), 3);
    case 'k':
      return pad(w.hour, 2, ' ');
    case 'l':
      return pad(hour12(w), 2, ' ');
    case 'm':
      return pad(w.month, 2);
    case 'M':
      return pad(w.minute, 2);
    case 'n':
      return '\n';
    case 'N':
      return pad(w.millisecond * 1_000_000, 9);
    case 'p':
      return w.hour < 12 ? 'AM' : 'PM';
    case 'P':
      return w.hour < 12 ? 'am' : 'pm';
    case 'q':
      return String(Math.floor((w.month - 1) / 3) + 1);
    case 'r':
      return format(w, `${hour12(w)}:%M:%S %p`);
    case 'R':
      return format(w, '%H:%M');
    case 's':
      return String(Math.trunc(w.epoch / 1000));
    case 'S':
      return pad(w.second, 2);
    case 't':
      return '\t';
    case 'T':
      return format(w, '%H:%M:%S');
    case 'u':
      return String(w.weekday === 0 ? 7 : w.weekday);
    // The reference numbers both %U and %W with the US week rule (Sunday first, 1 minimal day).
    case 'U':
    case 'W':
      return pad(weekOfYear(w.year, w.month, w.day, 0, 1).week, 2);
    case 'v':
      return format(w, '%e-%b-%Y');
    case 'V':
      return pad(weekOfYear(w.year, w.month, w.day, 1, 4).week, 2);
    case 'w':
      return String(w.weekday);
    case 'x':
      return format(w, '%m/%d/%Y');
    case 'X':
      return format(w, '%I:%M:%S %p');
    case 'y':
      return pad(((w.year % 100) + 100) % 100, 2);
    case 'Y':
      return String(w.year);
    case 'z': {
      const abs = Math.abs(w.offsetMinutes);
      return `${w.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
    }
    case 'Z':
      return zoneAbbr(w.timeZone, w.epoch, w.offsetMinutes);
    default:
      return '';
  }
}

/** Apply a strftime-like pattern to wall-clock fields. `%%` is a literal percent. */
export function format(w: WallClock, pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch !== '%') {
      out += ch;
      continue;
    }
    if (i + 1 === pattern.length) {
      out += ch; // a trailing lone '%' is kept
      break;
    }
    const code = pattern[++i] ?? '';
    out += code === '%' ? '%' : expand(code, w);
  }
  return out;
}

/** Format an epoch-ms instant in `timeZone`. */
export function strftime(epoch: number, pattern: string, timeZone: string): string {
  return format(wallClock(epoch, timeZone), pattern);
}
