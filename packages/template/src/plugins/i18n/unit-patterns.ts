import { readUnitsFile } from '#data-files';

/**
 * Unit patterns of the CLDR release the Java engine's `unit` formatter printed with (CLDR 29,
 * from the `cldr-units-modern` package). Its patterns differ from CLDR 48 in ways no rule
 * recovers: English narrow "{0} km²" but "{0}yd²" and "{0}byte", French narrow "{0} Mo",
 * "{0} octet", "{0}G" and "{0}kg", plain spaces where CLDR 48 has no-break ones. Numbers,
 * plural categories and conversions still come from @phensley/cldr; only the pattern text
 * (and so unit names, widths and spacing) comes from here.
 */

export type UnitLength = 'narrow' | 'short' | 'long';

/** Pattern per `unitPattern-count-<category>` key, by unit name without its category. */
type LengthTable = ReadonlyMap<string, Readonly<Record<string, string>>>;
type LocaleUnits = Readonly<Record<UnitLength, LengthTable>>;

/** Unit ids CLDR renamed after release 29 (current id → id in the old data). */
const OLD_IDS: Readonly<Record<string, string>> = {
  'meter-per-square-second': 'meter-per-second-squared',
  tonne: 'metric-ton',
  'liter-per-100-kilometer': 'liter-per-100kilometers',
  'millimeter-ofhg': 'millimeter-of-mercury',
  'inch-ofhg': 'inch-hg',
  'pound-force-per-square-inch': 'pound-per-square-inch',
};

const byTag = new Map<string, LocaleUnits | null>();

function toTable(raw: Record<string, unknown>): LengthTable {
  const table = new Map<string, Readonly<Record<string, string>>>();
  for (const [key, value] of Object.entries(raw)) {
    // Keys are `<category>-<unit>`; categories are single words, units may hold hyphens.
    const dash = key.indexOf('-');
    if (dash === -1 || typeof value !== 'object' || value === null) continue;
    table.set(key.slice(dash + 1), value as Record<string, string>);
  }
  return table;
}

/** The parsed units file of a locale folder; null when it is missing or cannot be read. */
function readUnits(
  dir: string,
): { main: Record<string, { units: Record<UnitLength, Record<string, unknown>> }> } | null {
  try {
    const text = readUnitsFile(dir);
    return text === null ? null : JSON.parse(text);
  } catch {
    // No file system (the engine in a browser: the studio preview) or unreadable data: the
    // caller falls back to the CLDR 48 patterns of @phensley/cldr.
    return null;
  }
}

function load(dir: string): LocaleUnits | null {
  const json = readUnits(dir);
  if (!json) return null;
  const units = Object.values(json.main)[0]?.units;
  if (!units) return null;
  return { narrow: toTable(units.narrow), short: toTable(units.short), long: toTable(units.long) };
}

/**
 * The data for a BCP-47 tag: the most specific folder the package has (`fr-CA`, else `fr`),
 * cached per tag; null when the language is not in it (callers fall back to CLDR 48).
 */
function localeUnits(tag: string): LocaleUnits | null {
  const cached = byTag.get(tag);
  if (cached !== undefined) return cached;
  const subtags = tag.replace(/_/g, '-').split('-').filter(Boolean);
  let found: LocaleUnits | null = null;
  for (let n = subtags.length; n > 0 && found === null; n--) {
    const candidate = subtags.slice(0, n).join('-');
    // Folder names are language tags; anything else is not looked up on disk.
    if (/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(candidate)) found = load(candidate);
  }
  byTag.set(tag, found);
  return found;
}

/**
 * The `{0}` pattern for a unit, length and plural category of a locale, falling back to
 * the `other` pattern as CLDR prescribes; undefined when the release has no such unit.
 */
export function unitPattern(
  tag: string,
  unit: string,
  length: UnitLength,
  plural: string,
): string | undefined {
  const entry = localeUnits(tag)?.[length].get(OLD_IDS[unit] ?? unit);
  if (!entry) return undefined;
  return entry[`unitPattern-count-${plural}`] ?? entry['unitPattern-count-other'];
}
