/** A country the checkout ships to: ISO 3166-1 alpha-2 code and English name. */
export interface Country {
  code: string;
  name: string;
}

/** A first-level region (state, province, territory): its postal code and name. */
export interface Region {
  code: string;
  name: string;
}

/**
 * Address entry behind one interface (spec §7 names a remote places-autocomplete service):
 * the checkout island, the account address book and the server's checkout schema ask this for
 * countries, regions and postal code checks. The default is the offline table below (the one
 * dataset of countries, regions and postal formats); a remote implementation can replace it
 * in the island without touching the form.
 */
export interface AddressLookup {
  countries(): readonly Country[];
  /** Regions of a country, empty when it has none the address needs. */
  regions(country: string): readonly Region[];
  /** True when `postalCode` has the country's format (countries without a known format: any). */
  isPostalCode(country: string, postalCode: string): boolean;
}

/** The countries the checkout offers, by English name. */
export const COUNTRIES: readonly Country[] = [
  ['AU', 'Australia'],
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['CA', 'Canada'],
  ['DK', 'Denmark'],
  ['FI', 'Finland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['IE', 'Ireland'],
  ['IT', 'Italy'],
  ['JP', 'Japan'],
  ['NL', 'Netherlands'],
  ['NZ', 'New Zealand'],
  ['NO', 'Norway'],
  ['PT', 'Portugal'],
  ['PR', 'Puerto Rico'],
  ['ES', 'Spain'],
  ['SE', 'Sweden'],
  ['CH', 'Switzerland'],
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
].map(([code = '', name = '']) => ({ code, name }));

const list = (text: string): Region[] =>
  text.split(';').map((pair) => {
    const [code = '', name = code] = pair.split('=');
    return { code, name };
  });

/** First-level regions of the countries whose addresses need one (tax rules key on them). */
export const REGIONS: Readonly<Record<string, readonly Region[]>> = {
  US: list(
    'AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;DC=District of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;KY=Kentucky;LA=Louisiana;ME=Maine;MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;MO=Missouri;MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;NM=New Mexico;NY=New York;NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;PA=Pennsylvania;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;UT=Utah;VT=Vermont;VA=Virginia;WA=Washington;WV=West Virginia;WI=Wisconsin;WY=Wyoming',
  ),
  CA: list(
    'AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;NL=Newfoundland and Labrador;NS=Nova Scotia;NT=Northwest Territories;NU=Nunavut;ON=Ontario;PE=Prince Edward Island;QC=Quebec;SK=Saskatchewan;YT=Yukon',
  ),
  AU: list(
    'ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;QLD=Queensland;SA=South Australia;TAS=Tasmania;VIC=Victoria;WA=Western Australia',
  ),
};

// Formats as the national posts publish them (spaces optional where people often omit them).
/** Postal code formats per country; a country not listed takes any postal code. */
export const POSTAL_CODE_FORMATS: Readonly<Record<string, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  PR: /^00[679]\d{2}(-\d{4})?$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  IE: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/i,
  AU: /^\d{4}$/,
  NZ: /^\d{4}$/,
  AT: /^\d{4}$/,
  BE: /^\d{4}$/,
  CH: /^\d{4}$/,
  DK: /^\d{4}$/,
  NO: /^\d{4}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  FI: /^\d{5}$/,
  SE: /^\d{3} ?\d{2}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  PT: /^\d{4}-\d{3}$/,
  JP: /^\d{3}-?\d{4}$/,
};

/** The built-in lookup: no network, the tables above. */
export const offlineAddressLookup: AddressLookup = {
  countries: () => COUNTRIES,
  regions: (country) => REGIONS[country] ?? [],
  isPostalCode: (country, postalCode) => {
    const format = POSTAL_CODE_FORMATS[country];
    return !format || format.test(postalCode.trim());
  },
};
