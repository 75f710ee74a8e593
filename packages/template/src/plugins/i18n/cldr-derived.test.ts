import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../index';

/**
 * Locales, units and options the shared specs do not cover, checked against CLDR itself.
 * Numbers: Node's ICU carries the same CLDR release (48) as @phensley/cldr, so `Intl` gives
 * the expected values independently of our code. Unit patterns: the Java engine printed the
 * CLDR 29 ones, so the expected pattern is read straight from that release's JSON
 * (`cldr-units-modern`), with the plural category from `Intl.PluralRules`; the Java-era
 * number spacing (U+00A0 group separators) is applied to Intl's parts, so spacing is
 * compared exactly, not ignored.
 */
const require = createRequire(import.meta.url);
const engine = createEngine();
const render = (source: string, data: unknown, locale: string) =>
  engine.compile(source).template.render(data, { locale });

const sameCldr = process.versions.cldr?.startsWith('48') === true;
const cldrIt = sameCldr ? it : it.skip; // another CLDR release would disagree on data, not on code
/**
 * CLDR 48.2 (ICU 78.3, e.g. Node 22.23) groups fr-CH with an apostrophe where 48.0, the release
 * of @phensley/cldr, has a narrow space; Node still reports CLDR 48 for it. Such a runtime
 * disagrees with the engine's data for fr-CH only, so that locale's checks are skipped there.
 */
const frChGroup = new Intl.NumberFormat('fr-CH').formatToParts(1234).find((p) => p.type === 'group')?.value;
const localeIt = (locale: string) => (locale === 'fr-CH' && frChGroup === "'" ? it.skip : cldrIt);

/** CLDR 48 number output with the unit formatter's documented Java-era spacing. */
function javaSpacing(parts: Intl.NumberFormatPart[]): string {
  return parts
    .map((p) =>
      p.type === 'group'
        ? p.value.replace(/\u202f/g, '\u00a0')
        : p.type === 'literal' || p.type === 'unit'
          ? p.value.replace(/[\u00a0\u202f]/g, ' ')
          : p.value,
    )
    .join('');
}

type Cldr29Units = Record<'narrow' | 'short' | 'long', Record<string, Record<string, string>>>;

/** The CLDR 29 unit data of a locale (its own folder, else its language's). */
function cldr29(locale: string): Cldr29Units {
  for (const dir of [locale, locale.split('-')[0]]) {
    try {
      const json = require(`cldr-units-modern/main/${dir}/units.json`);
      return (Object.values(json.main)[0] as { units: Cldr29Units }).units;
    } catch {}
  }
  throw new Error(`no CLDR 29 unit data for ${locale}`);
}

/** Expected `unit` output: Intl's number in the CLDR 29 pattern of its plural category. */
function expectedUnit(
  locale: string,
  unit: string,
  length: 'narrow' | 'short' | 'long',
  n: number,
  maxFrac = 1,
) {
  const data = cldr29(locale)[length];
  const key = Object.keys(data).find((k) => k.slice(k.indexOf('-') + 1) === unit);
  if (!key) throw new Error(`CLDR 29 has no ${unit}`);
  const rules = new Intl.PluralRules(locale, { maximumFractionDigits: maxFrac });
  const entry = data[key] as Record<string, string>;
  const pattern =
    entry[`unitPattern-count-${rules.select(n)}`] ?? (entry['unitPattern-count-other'] as string);
  const number = javaSpacing(
    new Intl.NumberFormat(locale, {
      maximumFractionDigits: maxFrac,
      useGrouping: 'auto' as never,
    }).formatToParts(n),
  );
  return pattern.replace('{0}', number);
}

// ja-JP is left out: the library's Japanese pack writes `{0}エーカー` where ICU has a space.
const LOCALES = [
  'de-DE',
  'es-ES',
  'ru-RU',
  'ar-EG',
  'pl-PL',
  'zh-CN',
  'pt-BR',
  'sv-SE',
  'en-GB',
  'it-IT',
  'nl-NL',
  'ko-KR',
  'tr-TR',
  'hi-IN',
  'fr-CH',
];
const UNITS = [
  'acre',
  'byte',
  'celsius',
  'day',
  'fluid-ounce',
  'gigabyte',
  'hectare',
  'hour',
  'kilogram',
  'kilometer-per-hour',
  'liter',
  'megabit',
  'mile',
  'millisecond',
  'month',
  'pound',
  'stone',
  'week',
  'yard',
];
const LENGTHS = ['narrow', 'short', 'long'] as const;

describe('unit names, widths and spacing follow the CLDR release of the Java engine', () => {
  for (const locale of LOCALES) {
    localeIt(locale)(`${locale}: ${UNITS.length} units × narrow/short/long × plural forms`, () => {
      const misses: string[] = [];
      for (const unit of UNITS) {
        for (const length of LENGTHS) {
          const tpl = `{.repeated section v}{@|unit in:${unit} out:${unit} format:${length} group}|{.end}`;
          const values = ['0', '1', '2', '3.5', '5', '22', '1234.5', '-7'];
          const expected = values.map((v) => `${expectedUnit(locale, unit, length, Number(v))}|`).join('');
          const got = render(tpl, { v: values }, locale);
          if (got !== expected) misses.push(`${unit} ${length}: ${got} ≠ ${expected}`);
        }
      }
      expect(misses).toEqual([]);
    });
  }

  it('the data differs from CLDR 48 where the Java engine did (so the test is not vacuous)', () => {
    // French narrow megabytes had a space in CLDR 29 and have none in CLDR 48.
    expect(expectedUnit('fr-BE', 'megabyte', 'narrow', 4)).toBe('4 Mo');
    expect(render('{v|unit in:megabyte out:megabyte}', { v: '4' }, 'fr-BE')).toBe('4 Mo');
    const cldr48 = new Intl.NumberFormat('fr-BE', { style: 'unit', unit: 'megabyte', unitDisplay: 'narrow' });
    expect(cldr48.format(4)).not.toBe('4 Mo');
  });

  cldrIt('renamed units (tonne, meter-per-square-second) find their CLDR 29 ids', () => {
    for (const locale of ['de-AT', 'it-CH', 'nl-BE']) {
      expect(render('{v|unit in:kilogram out:tonne format:long}', { v: '2500' }, locale)).toBe(
        expectedUnit(locale, 'metric-ton', 'long', 2.5),
      );
      expect(render('{v|unit in:g-force out:meter-per-square-second}', { v: '1' }, locale)).toBe(
        expectedUnit(locale, 'meter-per-second-squared', 'narrow', 9.80665),
      );
    }
  });

  cldrIt('units CLDR 29 lacks (petabyte) keep the CLDR 48 pattern', () => {
    for (const locale of ['de-DE', 'sv-SE', 'pl-PL']) {
      expect(Object.keys(cldr29(locale).long).some((k) => k.endsWith('-petabyte'))).toBe(false);
      for (const length of LENGTHS) {
        const nf = new Intl.NumberFormat(locale, { style: 'unit', unit: 'petabyte', unitDisplay: length });
        const got = render(`{v|unit in:petabyte out:petabyte format:${length}}`, { v: '3' }, locale);
        expect(got).toBe(javaSpacing(nf.formatToParts(3)));
      }
    }
  });

  cldrIt('sequences join CLDR unit forms of each part (de-DE, ru-RU, pl-PL long)', () => {
    for (const locale of ['de-DE', 'ru-RU', 'pl-PL']) {
      // 93784 s = 1 day 2 hours 3 minutes 4 seconds: singular and plural forms in one line.
      const got = render(
        '{v|unit in:second sequence:day,hour,minute,second format:long}',
        { v: '93784' },
        locale,
      );
      const part = (n: number, unit: string) => expectedUnit(locale, unit, 'long', n);
      expect(got).toBe([part(1, 'day'), part(2, 'hour'), part(3, 'minute'), part(4, 'second')].join(' '));
    }
  });
});

describe('units-metric? follows the CLDR measurement system of the region', () => {
  // CLDR supplemental measurementData: regions on US or UK measures; every other is metric.
  const systems = require('cldr-core/supplemental/measurementData.json').supplemental.measurementData
    .measurementSystem as Record<string, string>;
  const locales = ['en-US', 'en-LR', 'my-MM', 'de-DE', 'ja-JP', 'pt-BR', 'hi-IN', 'fr-CA'];
  it.each(locales)('mass in %s', (locale) => {
    const region = locale.split('-')[1] as string;
    const metric = (systems[region] ?? 'metric') !== 'US';
    const got = render('{.units-metric? mass}M{.or}I{.end}', {}, locale);
    expect(got).toBe(metric ? 'M' : 'I');
  });
  it('the UK keeps miles for length but weighs in metric', () => {
    expect(systems.GB).toBe('UK');
    expect(render('{.units-metric? length}M{.or}I{.end}', {}, 'en-GB')).toBe('I');
    expect(render('{.units-metric? mass}M{.or}I{.end}', {}, 'en-GB')).toBe('M');
  });
  it('is true without locale data', () => {
    expect(render('{.units-metric? mass}M{.or}I{.end}', {}, null as never)).toBe('M');
  });
});

describe('decimal options follow CLDR number patterns', () => {
  const values = [
    '0',
    '1',
    '1.5',
    '12.345',
    '1234.5678',
    '-98765.4321',
    '1000000',
    '0.000123',
    '123456789.987',
  ];
  const cases: [string, Intl.NumberFormatOptions][] = [
    ['', {}],
    ['no-group', { useGrouping: false }],
    ['minfrac:2', { minimumFractionDigits: 2 }],
    ['maxfrac:1', { maximumFractionDigits: 1 }],
    ['minfrac:1 maxfrac:4', { minimumFractionDigits: 1, maximumFractionDigits: 4 }],
    ['minint:4', { minimumIntegerDigits: 4 }],
    ['style:short', { notation: 'compact' }],
    ['style:long', { notation: 'compact', compactDisplay: 'long' }],
  ];
  for (const locale of ['de-CH', 'es-ES', 'ru-RU', 'ar-EG', 'hi-IN', 'en-IN', 'pt-BR', 'sv-SE', 'fr-CH']) {
    localeIt(locale)(
      `${locale}: grouping (incl. minimum grouping digits), fraction and integer digits, compact`,
      () => {
        const misses: string[] = [];
        for (const [args, options] of cases) {
          const nf = new Intl.NumberFormat(locale, options);
          // Below 10 000 compact patterns are plain numbers; there the reference engine groups
          // as the plain pattern does (1'235) where ICU applies its own minimum grouping (1235).
          const list =
            options.notation === 'compact' ? values.filter((v) => Math.abs(Number(v)) >= 10_000) : values;
          const got = render(`{.repeated section v}{@|decimal ${args}}|{.end}`, { v: list }, locale);
          const expected = list.map((v) => `${nf.format(v as never)}|`).join('');
          if (got !== expected) misses.push(`${args}: ${got} ≠ ${expected}`);
        }
        expect(misses).toEqual([]);
      },
    );
  }
});

describe('message plural categories follow CLDR plural rules', () => {
  const cardinal = '{0 plural zero{zero} one{one} two{two} few{few} many{many} other{other}}';
  const ordinal = '{0 selectordinal zero{zero} one{one} two{two} few{few} many{many} other{other}}';
  // Operands come from the decimal as written: "1.0" has v=1 (English "other", not "one").
  const values = [
    '0',
    '0.0',
    '1',
    '1.0',
    '1.00',
    '2',
    '2.0',
    '3',
    '4',
    '5',
    '6',
    '11',
    '12',
    '21',
    '22',
    '25',
    '101',
    '102',
    '1000000',
    '0.1',
    '1.1',
    '1.5',
    '2.5',
    '3.00',
  ];
  // mt and br have no language pack in the library (numbers fall back to English) but CLDR rules.
  const languages = [
    'pl',
    'ru',
    'uk',
    'cs',
    'lt',
    'lv',
    'sl',
    'ar',
    'cy',
    'ga',
    'he',
    'pt',
    'pt-PT',
    'fr',
    'ro',
    'is',
    'mk',
    'mt',
    'br',
  ];
  for (const locale of languages) {
    it(`${locale}: cardinal (with decimal operands) and ordinal`, () => {
      const misses: string[] = [];
      for (const v of values) {
        const fraction = v.includes('.') ? (v.split('.')[1] as string).length : 0;
        const expected = new Intl.PluralRules(locale, { minimumFractionDigits: fraction }).select(Number(v));
        const got = render('{m|message v}', { m: cardinal, v }, locale);
        if (got !== expected) misses.push(`cardinal ${v}: ${got} ≠ ${expected}`);
        if (fraction === 0) {
          const ord = new Intl.PluralRules(locale, { type: 'ordinal' }).select(Number(v));
          const gotOrd = render('{m|message v}', { m: ordinal, v }, locale);
          if (gotOrd !== ord) misses.push(`ordinal ${v}: ${gotOrd} ≠ ${ord}`);
        }
      }
      expect(misses).toEqual([]);
    });
  }

  it('prints the number of a plural branch as written (0.0 stays 0.0)', () => {
    const m = '{0 plural one{# ONE} few{# FEW} many{# MANY} other{# OTHER}}';
    expect(render('{m|message v}', { m, v: '0.0' }, 'pl-PL')).toBe('0.0 OTHER');
    expect(render('{m|message v}', { m, v: '0' }, 'pl-PL')).toBe('0 MANY');
    expect(render('{m|message v}', { m, v: '2.0' }, 'uk-UA')).toBe('2.0 OTHER');
  });
});
