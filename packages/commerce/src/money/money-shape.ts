import { type CurrencyCode, DEFAULT_CURRENCY, isCurrencyCode } from './currencies';
import { CommerceError } from '../messages/money';
import { minorToDecimal } from './minor-to-decimal';
import { toMinorUnits } from './to-minor-units';

/** Money object when the `useCLDRMoneyFormat` setting is on: decimal string in major units. */
export interface CldrMoney {
  value: string;
  currency: CurrencyCode;
}

/** Legacy money object (setting off): decimal string in major units. */
export interface LegacyMoney {
  decimalValue: string;
  currencyCode: CurrencyCode;
}

export type MoneyShape = CldrMoney | LegacyMoney;

/**
 * Builds the API money object for an amount in minor units, in the shape the
 * `useCLDRMoneyFormat` setting selects.
 *
 * @example
 * toMoneyShape(1250, 'USD', true);  // { value: '12.50', currency: 'USD' }
 * toMoneyShape(1250, 'USD', false); // { decimalValue: '12.50', currencyCode: 'USD' }
 */
export function toMoneyShape(minor: number, currency: CurrencyCode, useCLDRMoneyFormat: boolean): MoneyShape {
  const decimal = minorToDecimal(minor, currency);
  return useCLDRMoneyFormat
    ? { value: decimal, currency }
    : { decimalValue: decimal, currencyCode: currency };
}

/**
 * Reads either money shape back into minor units. A missing currency, or the legacy numeric
 * currency 0, means USD (spec §3). Throws `CommerceError` on malformed input.
 *
 * @example
 * fromMoneyShape({ decimalValue: '9.99', currencyCode: 'EUR' }); // { minor: 999, currency: 'EUR' }
 * fromMoneyShape({ value: '100' });                              // { minor: 10000, currency: 'USD' }
 */
export function fromMoneyShape(shape: unknown): { minor: number; currency: CurrencyCode } {
  if (typeof shape !== 'object' || shape === null) throw new CommerceError('INVALID_MONEY');
  const record = shape as Record<string, unknown>;
  const amount = 'decimalValue' in record ? record.decimalValue : record.value;
  const rawCurrency = 'currencyCode' in record ? record.currencyCode : record.currency;
  const currency =
    rawCurrency === undefined || rawCurrency === null || rawCurrency === 0 ? DEFAULT_CURRENCY : rawCurrency;
  if (!isCurrencyCode(currency)) throw new CommerceError('UNSUPPORTED_CURRENCY');
  if (typeof amount !== 'string' && typeof amount !== 'number') throw new CommerceError('INVALID_MONEY');
  return { minor: toMinorUnits(amount, currency), currency };
}
