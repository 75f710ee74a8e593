/**
 * Alphabetic time zone abbreviation (tz database style: EST, JST, CEST, or "+07" where the
 * database has no letters). Intl only names zones in locales that use them, so each zone
 * family is asked in a locale known to print the database's abbreviation.
 */

/** Zones whose abbreviation no Intl locale prints, by UTC offset in minutes. */
const FIXED: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  'Asia/Shanghai': { 480: 'CST' },
  'Asia/Chongqing': { 480: 'CST' },
  'Asia/Harbin': { 480: 'CST' },
  'Asia/Macau': { 480: 'CST' },
  'Asia/Taipei': { 480: 'CST' },
  'Asia/Seoul': { 540: 'KST' },
  'Asia/Pyongyang': { 540: 'KST' },
  'Europe/Moscow': { 180: 'MSK' },
  'Europe/Simferopol': { 180: 'MSK' },
  'Asia/Karachi': { 300: 'PKT' },
  'Asia/Jakarta': { 420: 'WIB' },
  'Asia/Pontianak': { 420: 'WIB' },
  'Asia/Makassar': { 480: 'WITA' },
  'Asia/Jayapura': { 540: 'WIT' },
  'Asia/Manila': { 480: 'PST' },
  'Asia/Jerusalem': { 120: 'IST', 180: 'IDT' },
  'Asia/Tel_Aviv': { 120: 'IST', 180: 'IDT' },
  'Pacific/Guam': { 600: 'ChST' },
  'Pacific/Saipan': { 600: 'ChST' },
  'Pacific/Midway': { [-660]: 'SST' },
  'Pacific/Pago_Pago': { [-660]: 'SST' },
  'America/Adak': { [-600]: 'HST', [-540]: 'HDT' },
  'America/Havana': { [-300]: 'CST', [-240]: 'CDT' },
  'America/Miquelon': { [-180]: '-03', [-120]: '-02' },
  'Europe/Guernsey': { 0: 'GMT', 60: 'BST' },
  'Europe/Isle_of_Man': { 0: 'GMT', 60: 'BST' },
  'Europe/Jersey': { 0: 'GMT', 60: 'BST' },
  'Europe/Kirov': { 180: 'MSK' },
  'Europe/Volgograd': { 180: 'MSK' },
  'Antarctica/Troll': { 0: '+00', 120: '+02' },
};

/** Zones the tz database gives only numeric abbreviations although some locale names them. */
const NUMERIC = new Set(['Australia/Eucla', 'Australia/Lord_Howe', 'Pacific/Chatham']);

/** Mexican and Yukon zones on fixed mountain time, which US English leaves unnamed. */
const MOUNTAIN = new Set([
  'America/Chihuahua',
  'America/Ciudad_Juarez',
  'America/Dawson',
  'America/Hermosillo',
  'America/Mazatlan',
  'America/Whitehorse',
]);

function localesFor(zone: string): readonly string[] {
  if (zone === 'Antarctica/Macquarie') return ['en-AU'];
  if (zone === 'Antarctica/McMurdo' || zone === 'Antarctica/South_Pole') return ['en-NZ'];
  if (zone.startsWith('Indian/')) return ['en-KE'];
  if (zone.startsWith('Atlantic/')) return ['en-GB', 'en-US'];
  if (
    zone.startsWith('Arctic/') ||
    /^Asia\/(Amman|Beirut|Damascus|Famagusta|Gaza|Hebron|Nicosia)$/.test(zone)
  ) {
    return ['en-GB'];
  }
  if (zone === 'Asia/Tokyo') return ['ja-JP'];
  if (zone === 'Asia/Kolkata' || zone === 'Asia/Calcutta') return ['en-IN'];
  if (zone === 'Asia/Hong_Kong') return ['en-HK'];
  if (zone === 'Pacific/Auckland' || zone === 'Pacific/Chatham' || zone === 'NZ') return ['en-NZ'];
  if (zone === 'Europe/Dublin') return ['en-IE'];
  if (zone.startsWith('Australia/')) return ['en-AU'];
  if (zone.startsWith('Europe/')) return ['en-GB'];
  if (zone.startsWith('Africa/')) return ['en-GB', 'en-ZA'];
  if (zone.startsWith('America/') || zone.startsWith('Canada/')) return ['en-US', 'en-CA'];
  return ['en-US'];
}

const cache = new Map<string, Intl.DateTimeFormat | null>();

function shortName(locale: string, zone: string, epoch: number): string {
  const key = `${locale}|${zone}`;
  let fmt = cache.get(key);
  if (fmt === undefined) {
    try {
      fmt = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    } catch {
      fmt = null;
    }
    cache.set(key, fmt);
  }
  if (fmt === null) return '';
  return fmt.formatToParts(epoch).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** tz database numeric form: "+09", "-03", "+0545". */
export function numericAbbr(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = abs % 60;
  return mm === 0 ? sign + hh : sign + hh + String(mm).padStart(2, '0');
}

export function zoneAbbr(zone: string, epoch: number, offsetMinutes: number): string {
  const fixed = FIXED[zone]?.[offsetMinutes];
  if (fixed) return fixed;
  if (NUMERIC.has(zone)) return numericAbbr(offsetMinutes);
  if (MOUNTAIN.has(zone)) {
    if (offsetMinutes === -420) return 'MST';
    // Chihuahua moved to central time in late October 2022.
    if (offsetMinutes === -360)
      return zone === 'America/Chihuahua' && epoch >= 1_667_116_800_000 ? 'CST' : 'MDT';
  }
  for (const locale of localesFor(zone)) {
    const name = shortName(locale, zone, epoch);
    // "GMT+9" style names mean the locale has no abbreviation for this zone.
    if (/^[A-Z][A-Za-z]{1,4}$/.test(name)) return name;
  }
  return numericAbbr(offsetMinutes);
}
