import { currencyInfo } from '../money/currencies';
import { formatMoney } from '../money/format-money';
import { parseMoney } from '../money/parse-money';

/** How often a donation is given (the donation block offers one or more). */
export const DONATION_FREQUENCIES = ['once', 'monthly', 'yearly'] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

/** The words the donor sees for each frequency (block, donate page, receipt). */
export const DONATION_FREQUENCY_LABELS: Record<DonationFrequency, string> = {
  once: 'One time',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/**
 * The messages of a refused donation amount: the island shows them under the amount field,
 * the server answers them (400) in the field errors, so both say the same thing.
 */
export const DONATION_MESSAGES = {
  amountInvalid: 'This amount cannot be given here.',
  amountMissing: 'Please enter the amount you would like to give.',
  amountNotANumber: 'Please enter the amount as a number, such as {example}.',
  amountNotPositive: 'The amount must be more than zero.',
  amountTooPrecise: 'Amounts in {currency} have at most {digits} decimal places.',
  amountWholeOnly: 'Amounts in {currency} are whole numbers, without decimals.',
  amountBelowMin: 'The smallest donation here is {min}.',
  amountAboveMax: 'The largest donation here is {max}.',
  customNotAllowed: 'Please choose one of the suggested amounts.',
  frequencyUnavailable: 'This donation cannot be given {frequency}.',
  campaignNotFound: 'This donation form is no longer on the site.',
  donationNotFound: 'That donation was not found.',
} as const;

export type DonationAmountCode =
  | 'AMOUNT_MISSING'
  | 'AMOUNT_NOT_A_NUMBER'
  | 'AMOUNT_NOT_POSITIVE'
  | 'AMOUNT_TOO_PRECISE'
  | 'AMOUNT_BELOW_MIN'
  | 'AMOUNT_ABOVE_MAX'
  | 'CUSTOM_NOT_ALLOWED';

export type DonationAmountResult =
  | { ok: true; minor: number }
  | { ok: false; code: DonationAmountCode; message: string };

/** What a donation form accepts (the block's settings, all amounts in minor units). */
export interface DonationLimits {
  currency: string;
  suggestedAmounts: readonly number[];
  allowCustom: boolean;
  minMinor: number;
  maxMinor: number;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);

/**
 * The donor's amount as typed (major units, "25" or "25.50"; a number is taken as typed too)
 * in minor units of the site's currency, checked against the form's limits. A suggested amount
 * is always accepted as offered; any other amount only when the form allows a custom one, and
 * between its minimum and maximum. JPY amounts are whole.
 *
 * @example
 * parseDonationAmount('25', { currency: 'USD', suggestedAmounts: [], allowCustom: true, minMinor: 100, maxMinor: 100000 });
 * // { ok: true, minor: 2500 }
 */
export function parseDonationAmount(input: unknown, limits: DonationLimits): DonationAmountResult {
  const digits = currencyInfo(limits.currency).minorDigits;
  const fail = (code: DonationAmountCode, message: string): DonationAmountResult => ({
    ok: false,
    code,
    message,
  });
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : null;
  if (text === null || text === '') return fail('AMOUNT_MISSING', DONATION_MESSAGES.amountMissing);
  const example = digits > 0 ? `25.00` : '2500';
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text))
    return fail('AMOUNT_NOT_A_NUMBER', fill(DONATION_MESSAGES.amountNotANumber, { example }));
  const parsed = parseMoney(text, limits.currency);
  if (!parsed.ok) {
    if (parsed.code === 'MONEY_TOO_MANY_DECIMALS')
      return fail(
        'AMOUNT_TOO_PRECISE',
        digits === 0
          ? fill(DONATION_MESSAGES.amountWholeOnly, { currency: limits.currency })
          : fill(DONATION_MESSAGES.amountTooPrecise, { currency: limits.currency, digits: String(digits) }),
      );
    if (parsed.code === 'MONEY_TOO_LARGE')
      return fail(
        'AMOUNT_ABOVE_MAX',
        fill(DONATION_MESSAGES.amountAboveMax, { max: money(limits.maxMinor, limits.currency) }),
      );
    return fail('AMOUNT_NOT_A_NUMBER', fill(DONATION_MESSAGES.amountNotANumber, { example }));
  }
  return checkDonationMinor(parsed.minor, limits);
}

/** An amount already in minor units (a suggested amount's button) against the form's limits. */
export function checkDonationMinor(minor: number, limits: DonationLimits): DonationAmountResult {
  if (!Number.isSafeInteger(minor))
    return {
      ok: false,
      code: 'AMOUNT_NOT_A_NUMBER',
      message: fill(DONATION_MESSAGES.amountNotANumber, { example: '25' }),
    };
  if (minor <= 0)
    return { ok: false, code: 'AMOUNT_NOT_POSITIVE', message: DONATION_MESSAGES.amountNotPositive };
  if (limits.suggestedAmounts.includes(minor)) return { ok: true, minor };
  if (!limits.allowCustom)
    return { ok: false, code: 'CUSTOM_NOT_ALLOWED', message: DONATION_MESSAGES.customNotAllowed };
  if (limits.minMinor > 0 && minor < limits.minMinor)
    return {
      ok: false,
      code: 'AMOUNT_BELOW_MIN',
      message: fill(DONATION_MESSAGES.amountBelowMin, { min: money(limits.minMinor, limits.currency) }),
    };
  if (limits.maxMinor > 0 && minor > limits.maxMinor)
    return {
      ok: false,
      code: 'AMOUNT_ABOVE_MAX',
      message: fill(DONATION_MESSAGES.amountAboveMax, { max: money(limits.maxMinor, limits.currency) }),
    };
  return { ok: true, minor };
}

/** The frequency's phrase in a sentence ("monthly", "one time"). */
export function donationFrequencyPhrase(frequency: DonationFrequency): string {
  return frequency === 'once' ? 'as a one-time gift' : frequency;
}

/** Is this one of the frequencies? (request values are strings) */
export function isDonationFrequency(value: unknown): value is DonationFrequency {
  return typeof value === 'string' && (DONATION_FREQUENCIES as readonly string[]).includes(value);
}

function money(minor: number, currency: string): string {
  try {
    return formatMoney(minor, currency);
  } catch {
    return `${minor} ${currency}`;
  }
}
