/**
 * Unit definitions for the `unit` formatter: the category and how to reach the category's
 * base unit. A value v of a unit is `(v + offset) * num / den` base units; `inverse` units
 * (fuel economy in distance per volume) are `num / (den * v)`. Factors are exact decimal
 * strings so that conversions run in arbitrary precision.
 */
export interface UnitDef {
  readonly category: string;
  readonly num: string;
  readonly den?: string;
  readonly offset?: string;
  readonly inverse?: boolean;
  /** The compact set values of this unit default to, when not the category's own. */
  readonly set?: string;
}

const u = (category: string, num: string, den?: string): UnitDef => ({ category, num, den });

/** Liquid measures convert with volumes but default to the liquid set. */
const l = (num: string): UnitDef => ({ category: 'volume', num, set: 'liquid' });

const KIB = 1024;
const bytes = (power: number): string => String(8 * KIB ** power);

export const UNITS: Readonly<Record<string, UnitDef>> = {
  // length (meter)
  picometer: u('length', '1e-12'),
  nanometer: u('length', '1e-9'),
  micrometer: u('length', '1e-6'),
  millimeter: u('length', '0.001'),
  centimeter: u('length', '0.01'),
  decimeter: u('length', '0.1'),
  meter: u('length', '1'),
  kilometer: u('length', '1000'),
  point: u('length', '0.0254', '72'),
  inch: u('length', '0.0254'),
  foot: u('length', '0.3048'),
  yard: u('length', '0.9144'),
  fathom: u('length', '1.8288'),
  furlong: u('length', '201.168'),
  mile: u('length', '1609.344'),
  'nautical-mile': u('length', '1852'),
  'mile-scandinavian': u('length', '10000'),
  'astronomical-unit': u('length', '149597870700'),
  'light-year': u('length', '9460730472580800'),
  // 206264.8062470964 au: Java-era output matches this rounded au ratio, not 648000/π au.
  parsec: u('length', '30856775814913679.49763548'),
  // area (square meter)
  'square-centimeter': u('area', '0.0001'),
  'square-meter': u('area', '1'),
  hectare: u('area', '10000'),
  'square-kilometer': u('area', '1000000'),
  'square-inch': u('area', '0.00064516'),
  'square-foot': u('area', '0.09290304'),
  'square-yard': u('area', '0.83612736'),
  acre: u('area', '4046.8564224'),
  'square-mile': u('area', '2589988.110336'),
  // volume (cubic meter)
  'cubic-centimeter': u('volume', '0.000001'),
  'cubic-meter': u('volume', '1'),
  'cubic-kilometer': u('volume', '1000000000'),
  'cubic-inch': u('volume', '0.000016387064'),
  'cubic-foot': u('volume', '0.028316846592'),
  'cubic-yard': u('volume', '0.764554857984'),
  'cubic-mile': u('volume', '4168181825.440579584'),
  'acre-foot': u('volume', '1233.48183754752'),
  milliliter: l('0.000001'),
  centiliter: l('0.00001'),
  deciliter: l('0.0001'),
  liter: l('0.001'),
  hectoliter: l('0.1'),
  megaliter: l('1000'),
  teaspoon: l('0.00000492892159375'),
  tablespoon: l('0.00001478676478125'),
  'fluid-ounce': l('0.0000295735295625'),
  cup: l('0.0002365882365'),
  pint: l('0.000473176473'),
  quart: l('0.000946352946'),
  gallon: l('0.003785411784'),
  'gallon-imperial': l('0.00454609'),
  barrel: l('0.158987294928'),
  // mass (kilogram)
  microgram: u('mass', '1e-9'),
  milligram: u('mass', '0.000001'),
  gram: u('mass', '0.001'),
  kilogram: u('mass', '1'),
  tonne: u('mass', '1000'),
  carat: u('mass', '0.0002'),
  grain: u('mass', '0.00006479891'),
  ounce: u('mass', '0.028349523125'),
  'ounce-troy': u('mass', '0.0311034768'),
  pound: u('mass', '0.45359237'),
  stone: u('mass', '6.35029318'),
  ton: u('mass', '907.18474'),
  // temperature (kelvin)
  kelvin: { category: 'temperature', num: '1' },
  celsius: { category: 'temperature', num: '1', offset: '273.15' },
  fahrenheit: { category: 'temperature', num: '5', den: '9', offset: '459.67' },
  // duration (second); month and year are Gregorian means
  nanosecond: u('duration', '1e-9'),
  microsecond: u('duration', '0.000001'),
  millisecond: u('duration', '0.001'),
  second: u('duration', '1'),
  minute: u('duration', '60'),
  hour: u('duration', '3600'),
  day: u('duration', '86400'),
  week: u('duration', '604800'),
  month: u('duration', '2629746'),
  year: u('duration', '31556952'),
  decade: u('duration', '315569520'),
  century: u('duration', '3155695200'),
  // digital (bit): decimal multiples of bits, binary multiples of bytes
  bit: u('digital', '1'),
  kilobit: u('digital', '1000'),
  megabit: u('digital', '1000000'),
  gigabit: u('digital', '1000000000'),
  terabit: u('digital', '1000000000000'),
  byte: u('digital', bytes(0)),
  kilobyte: u('digital', bytes(1)),
  megabyte: u('digital', bytes(2)),
  gigabyte: u('digital', bytes(3)),
  terabyte: u('digital', bytes(4)),
  petabyte: u('digital', bytes(5)),
  // angle (degree)
  'arc-second': u('angle', '1', '3600'),
  'arc-minute': u('angle', '1', '60'),
  degree: u('angle', '1'),
  radian: u('angle', '180', '3.14159265358979323846264338327950288'),
  revolution: u('angle', '360'),
  // speed (meter per second)
  'meter-per-second': u('speed', '1'),
  'kilometer-per-hour': u('speed', '1000', '3600'),
  'mile-per-hour': u('speed', '0.44704'),
  knot: u('speed', '1852', '3600'),
  // acceleration (meter per square second)
  'meter-per-square-second': u('acceleration', '1'),
  'g-force': u('acceleration', '9.80665'),
  // consumption (liter per kilometer)
  'liter-per-kilometer': u('consumption', '1'),
  'liter-per-100-kilometer': u('consumption', '0.01'),
  'mile-per-gallon': { category: 'consumption', num: '3.785411784', den: '1.609344', inverse: true },
  'mile-per-gallon-imperial': { category: 'consumption', num: '4.54609', den: '1.609344', inverse: true },
  // electric current (ampere)
  milliampere: u('electric', '0.001'),
  ampere: u('electric', '1'),
  // energy (joule)
  joule: u('energy', '1'),
  kilojoule: u('energy', '1000'),
  calorie: u('energy', '4.184'),
  kilocalorie: u('energy', '4184'),
  foodcalorie: u('energy', '4184'),
  'kilowatt-hour': u('energy', '3600000'),
  // frequency (hertz)
  hertz: u('frequency', '1'),
  kilohertz: u('frequency', '1000'),
  megahertz: u('frequency', '1000000'),
  gigahertz: u('frequency', '1000000000'),
  // power (watt)
  milliwatt: u('power', '0.001'),
  watt: u('power', '1'),
  kilowatt: u('power', '1000'),
  megawatt: u('power', '1000000'),
  gigawatt: u('power', '1000000000'),
  horsepower: u('power', '745.69987158227022'),
  // pressure (pascal)
  pascal: u('pressure', '1'),
  hectopascal: u('pressure', '100'),
  millibar: u('pressure', '100'),
  kilopascal: u('pressure', '1000'),
  megapascal: u('pressure', '1000000'),
  bar: u('pressure', '100000'),
  atmosphere: u('pressure', '101325'),
  'millimeter-ofhg': u('pressure', '133.322387415'),
  'inch-ofhg': u('pressure', '3386.388640341'),
  'pound-force-per-square-inch': u('pressure', '6894.757293168361'),
};
