import { UNITS } from './unit-table';

/**
 * Unit names as templates write them (plurals, older CLDR names, abbreviations) and the
 * "compact" unit sets the best-fit conversions choose from, per measurement system.
 */

const ALIASES: Readonly<Record<string, string>> = {
  feet: 'foot',
  amp: 'ampere',
  milliamp: 'milliampere',
  'metric-ton': 'tonne',
  'meter-per-second-squared': 'meter-per-square-second',
  'liter-per-100kilometers': 'liter-per-100-kilometer',
  'liter-per-100-kilometers': 'liter-per-100-kilometer',
  'miles-per-gallon': 'mile-per-gallon',
  'liters-per-kilometer': 'liter-per-kilometer',
  celcius: 'celsius',
  karat: 'carat',
};

/** Canonical unit name for a template's spelling, or undefined when unknown. */
export function unitName(raw: string): string | undefined {
  const name = raw.trim().toLowerCase();
  if (!name) return undefined;
  if (UNITS[name]) return name;
  const alias = ALIASES[name];
  if (alias) return alias;
  // Plural spellings: inches, radians, kilograms, amps, liters-per-kilometer, ...
  for (const cut of ['es', 's']) {
    if (name.endsWith(cut)) {
      const single = name.slice(0, -cut.length);
      if (UNITS[single]) return single;
      if (ALIASES[single]) return ALIASES[single];
    }
  }
  return undefined;
}

export type System = 'us' | 'metric';

type SetDef = readonly string[] | { readonly us: readonly string[]; readonly metric: readonly string[] };

/** Largest unit first. */
const SETS: Readonly<Record<string, SetDef>> = {
  length: {
    us: ['mile', 'yard', 'foot', 'inch'],
    metric: ['kilometer', 'meter', 'centimeter', 'millimeter'],
  },
  area: {
    us: ['square-mile', 'acre', 'square-foot', 'square-inch'],
    metric: ['square-kilometer', 'hectare', 'square-meter', 'square-centimeter'],
  },
  volume: {
    us: ['cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch'],
    metric: ['cubic-kilometer', 'cubic-meter', 'cubic-centimeter'],
  },
  liquid: {
    us: ['gallon', 'quart', 'pint', 'cup', 'fluid-ounce'],
    metric: ['megaliter', 'hectoliter', 'liter', 'deciliter', 'centiliter', 'milliliter'],
  },
  mass: { us: ['ton', 'pound', 'ounce'], metric: ['tonne', 'kilogram', 'gram'] },
  temperature: { us: ['fahrenheit'], metric: ['celsius'] },
  speed: { us: ['mile-per-hour'], metric: ['kilometer-per-hour'] },
  consumption: { us: ['mile-per-gallon'], metric: ['liter-per-100-kilometer'] },
  acceleration: ['meter-per-square-second'],
  angle: ['degree', 'arc-minute', 'arc-second'],
  duration: ['year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'],
  'duration-large': ['year', 'month', 'day'],
  'duration-small': ['day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'],
  bytes: ['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte'],
  bits: ['terabit', 'gigabit', 'megabit', 'kilobit', 'bit'],
  digital: ['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte'],
  electric: ['ampere', 'milliampere'],
  energy: ['kilojoule', 'joule'],
  frequency: ['gigahertz', 'megahertz', 'kilohertz', 'hertz'],
  power: ['gigawatt', 'megawatt', 'kilowatt', 'watt'],
  pressure: { us: ['pound-force-per-square-inch'], metric: ['kilopascal', 'pascal'] },
};

/** The named compact set (`compact:length`, `compact:bytes`, ...) for a system. */
export function compactSet(name: string, system: System): readonly string[] | undefined {
  const set = SETS[name.trim().toLowerCase()];
  if (!set) return undefined;
  return Array.isArray(set) ? set : (set as { us: readonly string[]; metric: readonly string[] })[system];
}

/** The set a unit's values are best expressed in (bits stay bits, liters stay liquid). */
export function defaultSet(unit: string, system: System): readonly string[] | undefined {
  const def = UNITS[unit];
  if (!def) return undefined;
  if (def.category === 'digital') return compactSet(unit.endsWith('bit') ? 'bits' : 'bytes', system);
  return compactSet(def.set ?? def.category, system);
}
